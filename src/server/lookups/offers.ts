import crypto from 'node:crypto';

/**
 * Items a remote lookup answered are signed, so a save can be checked without calling the other system again
 * inside the saving transaction: the signature binds the tenant, the app, the field, the item and an expiry.
 */
let key: Buffer | undefined;
const TTL_MS = 60 * 60 * 1000;

/** Set once per process (main thread and engine thread) from the secret key. */
export function setOfferKey(secret: Buffer): void {
  key = crypto.createHmac('sha256', secret).update('remote-lookup-offers').digest();
}

interface Offer {
  tenantId: string;
  moduleId: string;
  field: string;
  id: string;
  label: string;
}

const mac = (o: Offer, exp: number) =>
  crypto
    .createHmac('sha256', key!)
    .update(JSON.stringify([o.tenantId, o.moduleId, o.field, o.id, o.label, exp]))
    .digest('base64url');

export function signOffer(o: Offer, now = Date.now()): string {
  if (!key) throw new Error('the offer key is not set');
  const exp = now + TTL_MS;
  return `${exp.toString(36)}.${mac(o, exp)}`;
}

export function verifyOffer(o: Offer, token: string | undefined, now = Date.now()): boolean {
  if (!key || !token) return false;
  const [e, sig] = token.split('.');
  const exp = parseInt(e ?? '', 36);
  if (!sig || !Number.isFinite(exp) || exp < now) return false;
  const want = Buffer.from(mac(o, exp));
  const got = Buffer.from(sig);
  return want.length === got.length && crypto.timingSafeEqual(want, got);
}
