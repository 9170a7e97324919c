import { encodeGovClient, GOV_CLIENT_HEADER, type GovClientInfo } from '../../../runtime/gov-client';

const DEVICE_KEY = 'gov.deviceId';

/** This device's id: made once and kept in the browser. */
function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id || !/^[A-Za-z0-9-]{8,64}$/.test(id)) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

/** `UTC+01:00` for the browser's current offset. */
function timezone(): string {
  const minutes = -new Date().getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** What the browser knows about itself for the fraud prevention headers of remote calls (spec: addGovHeaders). */
export function govClientHeaders(): Record<string, string> {
  const info: GovClientInfo = {
    deviceId: deviceId(),
    userAgent: navigator.userAgent.slice(0, 1000),
    screens: [
      {
        width: screen.width,
        height: screen.height,
        scalingFactor: window.devicePixelRatio || 1,
        colourDepth: screen.colorDepth,
      },
    ],
    windowSize: { width: window.innerWidth, height: window.innerHeight },
    timezone: timezone(),
  };
  return { [GOV_CLIENT_HEADER]: encodeGovClient(info) };
}
