import { forbidden } from '../http/errors.js';
import type { AuthUser } from '../identity/user-info.js';
import { seal, unseal } from './seal.js';
import type { ThreadKey } from './schemas.js';

/** How long a key from GET /api/bot/key lets its user delete threads. */
export const KEY_TTL_MS = 10 * 60_000;
const context = (tenantId: string) => `uni.thread-key:${tenantId}`;
const REFUSED =
  'This key does not allow deleting conversations: it belongs to someone else or has expired. Ask for a new key.';

/** The spec's encrypted key for deleting threads: sealed, bound to the user, the tenant and an expiry. */
export function issueKey(user: AuthUser, now = Date.now()): ThreadKey {
  const exp = now + KEY_TTL_MS;
  return {
    key: seal(JSON.stringify({ u: user.id, exp }), context(user.tenantId)),
    expiresAt: new Date(exp).toISOString(),
  };
}

/** Throws 403 unless the key was issued to this user of this tenant and has not expired. */
export function assertKey(user: AuthUser, key: string, now = Date.now()): void {
  let claims: { u?: unknown; exp?: unknown };
  try {
    if (!key.startsWith('enc:v1:')) throw new Error('not sealed');
    claims = JSON.parse(unseal(key, context(user.tenantId))) as typeof claims;
  } catch {
    throw forbidden(REFUSED);
  }
  if (claims.u !== user.id || typeof claims.exp !== 'number' || claims.exp <= now) throw forbidden(REFUSED);
}
