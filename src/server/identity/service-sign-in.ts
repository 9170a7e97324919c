import { badRequest, HttpError, unauthorized } from '../http/errors.js';
import type { Tenant } from '../tenancy/resolve.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { MFA_TTL_MS, createChallenge, findChallenge } from './challenges.js';
import { verifyPassword } from './passwords.js';
import { passwordExpired, tenantPolicy } from './policy.js';
import { userByUsername } from './queries.js';
import type { Credentials, SessionTokens, SignInData } from './schemas.js';
import { startSession, type Issuer } from './sessions.js';
import { accountKey, addressKey, type Throttle } from './throttle.js';
import type { UserRow } from './user-info.js';
import { audit } from '../audit/trail.js';

export const INVALID_LOGIN = 'The login detail is incorrect';
export const TOO_MANY = 'Too many sign-in attempts. Please wait and try again.';

/** A sign-in step's answer, and the second-factor marker to hand the browser when one is needed. */
export interface SignInStep {
  data: SignInData;
  mfaSecret?: string;
}

/** The body is a JSON-encoded string of {username, password}; a plain object is accepted too. */
export function credentials(body: Credentials): { username: string; password: string } {
  let v: unknown = body;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      throw badRequest('The request body is not valid JSON.');
    }
  }
  const o = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
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

/** A session for a user who passed every factor: limited to the password change when the password expired. */
export async function sessionAfterFactors(tdb: TenantDb, issuer: Issuer, tenant: Tenant, user: UserRow): Promise<SignInData> {
  const policy = tenantPolicy(tenant);
  // A user without a local password (provisioned by SSO) has nothing to expire.
  const expired = !!user.password_hash && passwordExpired(policy, user.password_changed_on);
  const tokens = await startSession(tdb, issuer, user, expired ? 'password-change' : undefined);
  return signedIn(user, tokens, { expired, on: policy.enablePasswordExpiry });
}

/**
 * What follows a correct password: a second factor, a forced password change, or a session. A sign-in through
 * the tenant's identity provider (`via: 'sso'`) takes the same path except for password expiry. `machineSecret` is
 * the remembered-machine cookie, which spares its user the second factor.
 */
export async function afterPassword(
  tdb: TenantDb,
  issuer: Issuer,
  tenant: Tenant,
  user: UserRow,
  opts: { via: 'password' | 'sso'; machineSecret?: string },
): Promise<SignInStep> {
  const policy = tenantPolicy(tenant);
  const expired = opts.via === 'password' && passwordExpired(policy, user.password_changed_on);
  const remembered = user.totp_enabled
    ? (await findChallenge(tdb, opts.machineSecret, 'machine'))?.user_id === user.id
    : false;
  const needsSecondFactor = (user.totp_enabled && !remembered) || (policy.requireTwoFactor && !user.totp_enabled);
  if (needsSecondFactor) {
    return {
      mfaSecret: await createChallenge(tdb, user.id, 'mfa', MFA_TTL_MS),
      data: {
        userId: user.id,
        requiresTwoFactor: true,
        twoFactorEnabled: !!user.totp_enabled,
        passwordExpired: expired,
        enablePasswordExpiry: policy.enablePasswordExpiry,
        succeeded: false,
      },
    };
  }
  const tokens = await startSession(tdb, issuer, user, expired ? 'password-change' : undefined);
  return { data: signedIn(user, tokens, { expired, on: policy.enablePasswordExpiry }) };
}

/**
 * authenticateiso: checks the password under the per-address and per-account throttles (kept in the database so
 * every node agrees). Unknown users, wrong passwords, locked and inactive accounts get the same answer.
 */
export async function signInWithPassword(
  tdb: TenantDb,
  issuer: Issuer,
  throttle: Throttle,
  tenant: Tenant,
  input: { body: Credentials; ip: string; machineSecret?: string },
): Promise<SignInStep> {
  const { username, password } = credentials(input.body);
  const acct = accountKey(tenant.id, username);
  const addr = addressKey(input.ip);
  if (await throttle.isAddressBlocked(addr)) throw new HttpError(429, TOO_MANY);
  const user = await userByUsername(tdb, username);
  const locked = await throttle.isAccountLocked(acct);
  const ok = (await verifyPassword(user?.password_hash ?? null, password)) && !locked && user?.status === 'active';
  if (!ok || !user) {
    await throttle.fail(acct, addr);
    await audit(tdb, { action: 'signin.failed', actorId: user?.id ?? null, actorName: username, targetType: 'user', targetId: user?.id ?? null, targetLabel: username });
    throw unauthorized(INVALID_LOGIN);
  }
  await throttle.succeed(acct);
  await audit(tdb, { action: 'signin', actorId: user.id, actorName: user.fullname, targetType: 'user', targetId: user.id, targetLabel: user.username });
  return afterPassword(tdb, issuer, tenant, user, { via: 'password', machineSecret: input.machineSecret });
}
