/**
 * What the browser tells the server about itself so a remote call may carry the UK tax authority's fraud
 * prevention headers (spec: addGovHeaders, govheaders). The server adds what only it knows (the public address and
 * port, the user, the product) and builds the `Gov-Client-*` and `Gov-Vendor-*` headers from both.
 */
export interface GovClientInfo {
  /** A random id the browser keeps for this device. */
  deviceId: string;
  userAgent: string;
  screens: { width: number; height: number; scalingFactor: number; colourDepth: number }[];
  windowSize: { width: number; height: number };
  /** `UTC+01:00` */
  timezone: string;
}

/** The request header the browser sends it in (base64url JSON), on the calls that may need it. */
export const GOV_CLIENT_HEADER = 'x-gov-client';

/** The info as the header carries it: base64url of its JSON (browser side). */
export function encodeGovClient(info: GovClientInfo): string {
  const bytes = new TextEncoder().encode(JSON.stringify(info));
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
