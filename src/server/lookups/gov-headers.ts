import type { AuthUser } from '../identity/user-info.js';
import type { GovClientInfo } from '../../../runtime/gov-client.js';

const num = (v: unknown, max: number) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= max;

/** The browser's info when it is well formed (bounded, the right types), else undefined: a bad header is ignored. */
export function parseGovClient(raw: string | undefined): GovClientInfo | undefined {
  if (!raw || raw.length > 4000) return undefined;
  let v: Partial<GovClientInfo>;
  try {
    v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<GovClientInfo>;
  } catch {
    return undefined;
  }
  const ok =
    typeof v.deviceId === 'string' &&
    /^[A-Za-z0-9-]{8,64}$/.test(v.deviceId) &&
    typeof v.userAgent === 'string' &&
    v.userAgent.length <= 1000 &&
    Array.isArray(v.screens) &&
    v.screens.length <= 8 &&
    v.screens.every(
      (s) => num(s?.width, 100_000) && num(s?.height, 100_000) && num(s?.scalingFactor, 100) && num(s?.colourDepth, 64),
    ) &&
    num(v.windowSize?.width, 100_000) &&
    num(v.windowSize?.height, 100_000) &&
    typeof v.timezone === 'string' &&
    /^UTC[+-]\d{2}:\d{2}$/.test(v.timezone);
  return ok ? (v as GovClientInfo) : undefined;
}

/** Where the call came from, as the server saw it. */
export interface GovOrigin {
  ip: string;
  port: number | undefined;
  /** The server's own address on the connection (Gov-Vendor-Forwarded's `by`). */
  serverIp: string | undefined;
}

const enc = encodeURIComponent;
const pairs = (o: Record<string, string | number>) =>
  Object.entries(o)
    .map(([k, v]) => `${enc(k)}=${enc(String(v))}`)
    .join('&');

export const PRODUCT = 'FlowForms';
export const VERSION = '0.1.0';

/**
 * The fraud prevention headers for a web app calling through its server (connection method WEB_APP_VIA_SERVER).
 * Parts the browser did not send are left out rather than made up.
 */
export function govHeaders(
  client: GovClientInfo | undefined,
  origin: GovOrigin,
  user: Pick<AuthUser, 'id'> & { username?: string },
  now = new Date(),
): Record<string, string> {
  const h: Record<string, string> = {
    'gov-client-connection-method': 'WEB_APP_VIA_SERVER',
    'gov-client-public-ip': origin.ip,
    'gov-client-public-ip-timestamp': now.toISOString(),
    'gov-client-user-ids': pairs({ flowforms: user.username || user.id }),
    'gov-vendor-product-name': enc(PRODUCT),
    'gov-vendor-version': pairs({ flowforms: VERSION }),
    'gov-vendor-forwarded': pairs({ by: origin.serverIp ?? '', for: origin.ip }),
  };
  if (origin.port) h['gov-client-public-port'] = String(origin.port);
  if (client) {
    h['gov-client-device-id'] = client.deviceId;
    h['gov-client-browser-js-user-agent'] = client.userAgent;
    h['gov-client-screens'] = client.screens
      .map((s) =>
        pairs({ width: s.width, height: s.height, 'scaling-factor': s.scalingFactor, 'colour-depth': s.colourDepth }),
      )
      .join(',');
    h['gov-client-window-size'] = pairs({ width: client.windowSize.width, height: client.windowSize.height });
    h['gov-client-timezone'] = client.timezone;
  }
  // Header lines carry visible ASCII only: anything else is percent-encoded.
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k, v.replace(/[^\x20-\x7e]/gu, (c) => enc(c))]));
}
