import crypto from 'node:crypto';

// Standard Webhooks (standardwebhooks.com): secrets are `whsec_` + base64 key bytes; each attempt is signed over
// `${id}.${timestamp}.${body}` with HMAC-SHA256 and sent as `webhook-signature: v1,<base64>`.

const PREFIX = 'whsec_';
const MIN_KEY_BYTES = 24;
const MAX_KEY_BYTES = 64;

export const newSecret = () => PREFIX + crypto.randomBytes(MIN_KEY_BYTES).toString('base64');

/** Why a secret cannot sign (shown as the save's error), or undefined when it can. */
export function secretProblem(secret: string): string | undefined {
  const b64 = secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : '';
  const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(b64) ? Buffer.from(b64, 'base64').length : 0;
  if (bytes < MIN_KEY_BYTES || bytes > MAX_KEY_BYTES)
    return `The secret must be whsec_ followed by ${MIN_KEY_BYTES} to ${MAX_KEY_BYTES} bytes in base64; leave it empty to have one made.`;
  return undefined;
}

/** The headers of one attempt: the id stays the same across retries (receivers drop repeats by it). */
export function deliveryHeaders(id: string, body: string, secret: string | null, now = Date.now()) {
  const timestamp = String(Math.floor(now / 1000));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': timestamp,
  };
  if (secret) {
    const key = Buffer.from(secret.slice(PREFIX.length), 'base64');
    const mac = crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
    headers['webhook-signature'] = `v1,${mac}`;
  }
  return headers;
}
