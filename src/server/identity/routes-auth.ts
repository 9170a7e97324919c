import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { badRequest, HttpError } from '../http/errors.js';
import { verifyPassword } from './passwords.js';
import { accountKey, addressKey, Throttle } from './throttle.js';
import { passwordExpired, tenantPolicy } from './policy.js';
import { startSession, type SessionTokens } from './sessions.js';
import { MACHINE_COOKIE, MFA_TTL_MS, cookie, createChallenge, findChallenge, setMfaCookie } from './challenges.js';
import type { UserRow } from './user-info.js';

export const INVALID_LOGIN = 'The login detail is incorrect';
export const TOO_MANY = 'Too many sign-in attempts. Please wait and try again.';

export interface SignInData {
  userId: string;
  requiresTwoFactor: boolean;
  twoFactorEnabled: boolean;
  passwordExpired: boolean;
  enablePasswordExpiry: boolean;
  succeeded: boolean;
  token?: string;
  refreshToken?: string;
  expiresAt?: string;
}

/** The body is a JSON-encoded string of {username, password}; a plain object is accepted too. */
function credentials(body: unknown): { username: string; password: string } {
  let v = body;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      throw badRequest('The request body is not valid JSON.');
    }
  }
  const o = (v ?? {}) as Record<string, unknown>;
  const username = typeof o.username === 'string' ? o.username.trim() : '';
  const password = typeof o.password === 'string' ? o.password : '';
  if (!username) throw badRequest('Username is required');
  if (!password) throw badRequest('Password is required');
  if (password.length < 3) throw badRequest('Minimum 3 characters');
  if (password.length > 50 || username.length > 64) throw badRequest('Maximum 50 characters');
  return { username, password };
}

export const signedIn = (
  user: UserRow,
  tokens: SessionTokens,
  expiry: { expired: boolean; on: boolean },
): SignInData => ({
  userId: user.id,
  requiresTwoFactor: false,
  twoFactorEnabled: !!user.totp_enabled,
  passwordExpired: expiry.expired,
  enablePasswordExpiry: expiry.on,
  succeeded: !expiry.expired,
  ...tokens,
});

/**
 * What follows a correct password: a second factor, a forced password change, or a session. A sign-in through
 * the tenant's identity provider (`via: 'sso'`) takes the same path except for password expiry.
 */
export async function afterPassword(
  req: FastifyRequest,
  reply: FastifyReply,
  ctx: AppContext,
  user: UserRow,
  via: 'password' | 'sso' = 'password',
): Promise<SignInData> {
  const policy = tenantPolicy(req.tenant);
  const expired = via === 'password' && passwordExpired(policy, user.password_changed_on);
  const expiry = { expired, on: policy.enablePasswordExpiry };
  const remembered = user.totp_enabled
    ? !!(await findChallenge(req.tdb, cookie(req, MACHINE_COOKIE), 'machine'))?.user_id
    : false;
  const needsSecondFactor = (user.totp_enabled && !remembered) || (policy.requireTwoFactor && !user.totp_enabled);
  if (needsSecondFactor) {
    setMfaCookie(reply, await createChallenge(req.tdb, user.id, 'mfa', MFA_TTL_MS));
    return {
      userId: user.id,
      requiresTwoFactor: true,
      twoFactorEnabled: !!user.totp_enabled,
      passwordExpired: expired,
      enablePasswordExpiry: policy.enablePasswordExpiry,
      succeeded: false,
    };
  }
  const tokens = await startSession(req.tdb, ctx.keys, user, expired ? 'password-change' : undefined);
  return signedIn(user, tokens, expiry);
}

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const throttle = new Throttle(ctx.db.system);
  const base = '/api/identity/Authentication';

  app.post(
    `${base}/authenticateiso`,
    { config: { public: true }, schema: { tags: ['identity'] } },
    async (req, reply) => {
      const { username, password } = credentials(req.body);
      const acct = accountKey(req.tenant.id, username);
      const addr = addressKey(req.ip);
      if (await throttle.isAddressBlocked(addr)) throw new HttpError(429, TOO_MANY);
      const user = await req.tdb.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
      const locked = await throttle.isAccountLocked(acct);
      const ok = (await verifyPassword(user?.password_hash ?? null, password)) && !locked && user?.status === 'active';
      if (!ok || !user) {
        await throttle.fail(acct, addr);
        return reply.status(401).send({ success: false, message: INVALID_LOGIN });
      }
      await throttle.succeed(acct);
      return { success: true, message: '', data: await afterPassword(req, reply, ctx, user) };
    },
  );
}
