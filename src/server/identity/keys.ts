import crypto from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export interface AccessClaims {
  sub: string;
  tid: string;
  sid: string;
  /** Role flags at sign-in (a = sys admin, d = administrator, f = full user, c = consultant); the guard reads the
   * current ones from the user instead, so a demotion takes effect at once. */
  roles: string;
  /** Purpose-limited tokens (e.g. only the password change after expiry). */
  scope?: string;
}

const VERIFIED_CACHE_SIZE = 10_000;

/** Loads (or creates once) the HS256 key that every node shares through the database. */
export class SigningKeys {
  private key?: Promise<Uint8Array>;
  private readonly verified = new Map<string, AccessClaims & { exp: number }>();
  constructor(private readonly db: Kysely<DB>) {}

  private load(): Promise<Uint8Array> {
    this.key ??= (async () => {
      const existing = await this.db
        .selectFrom('signing_keys')
        .select('secret')
        .orderBy('created_on')
        .executeTakeFirst();
      if (existing) return Buffer.from(existing.secret, 'base64');
      const secret = crypto.randomBytes(32).toString('base64');
      await this.db
        .insertInto('signing_keys')
        .values({ id: 'primary', secret, created_on: new Date().toISOString() })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      const row = await this.db
        .selectFrom('signing_keys')
        .select('secret')
        .where('id', '=', 'primary')
        .executeTakeFirstOrThrow();
      return Buffer.from(row.secret, 'base64');
    })();
    this.key.catch(() => (this.key = undefined));
    return this.key;
  }

  /** `ttlSeconds` is the configured access-token lifetime (config.accessTokenTtl). */
  async sign(claims: AccessClaims, ttlSeconds: number): Promise<{ token: string; expiresAt: string }> {
    const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
    const token = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(await this.load());
    return { token, expiresAt: new Date(exp * 1000).toISOString() };
  }

  /**
   * Verifies signature (HS256 only, so `alg: none` and other algorithms fail), expiry and shape. A token verified
   * once is remembered until it expires: a signed token never changes, and checking the signature again on each of
   * a session's requests is a large share of a small request.
   */
  async verify(token: string): Promise<(AccessClaims & { exp: number }) | null> {
    const known = this.remembered(token);
    if (known) return known;
    if (this.verified.has(token)) {
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, await this.load(), { algorithms: ['HS256'] });
      const { sub, tid, sid, roles } = payload;
      if (typeof sub !== 'string' || typeof tid !== 'string' || typeof sid !== 'string' || typeof roles !== 'string')
        return null;
      const claims = Object.freeze(payload) as unknown as AccessClaims & { exp: number };
      if (typeof claims.exp === 'number') {
        // Oldest first out: a Map keeps insertion order.
        if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
        this.verified.set(token, claims);
      }
      return claims;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }

  /** The claims of a token verified before and not yet expired, without waiting: the guard's fast path. */
  remembered(token: string): (AccessClaims & { exp: number }) | undefined {
    const known = this.verified.get(token);
    return known && known.exp * 1000 > Date.now() ? known : undefined;
  }
}

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
export const randomToken = () => crypto.randomBytes(32).toString('base64url');
