import { HttpError, unauthorized } from '../http/errors.js';
import type { Tenant } from '../tenancy/resolve.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { findChallenge } from './challenges.js';
import type { AccessClaims, SigningKeys } from './keys.js';
import { sessionStanding, userById } from './queries.js';
import type { Me, Refreshed, TokenValidity, TwoFactorInfo } from './schemas.js';
import { familyOf, revokeFamily, rotateSession, type Issuer } from './sessions.js';
import { userInfo, type AuthUser } from './user-info.js';

export const REFRESH_FAILED = 'Failed to refresh access token';
export const SESSION_OVER = 'Your session has ended. Please sign in again.';

/** Whether the session of these claims is still alive and its user active (for routes the guard does not cover). */
export async function sessionAlive(tdb: TenantDb, claims: AccessClaims): Promise<boolean> {
  const s = await sessionStanding(tdb, claims.sub, claims.sid);
  return !!s && s.status === 'active' && !!Number(s.live);
}

/**
 * The user of a plain (unscoped) access token of this tenant whose session is alive, else null. For callers outside
 * the guard that take a token themselves (the hub's WebSocket handshake).
 */
export async function liveSessionUser(tdb: TenantDb, keys: SigningKeys, token: string): Promise<string | null> {
  const claims = await keys.verify(token);
  if (!claims || claims.tid !== tdb.tenantId || claims.scope) return null;
  return (await sessionAlive(tdb, claims)) ? claims.sub : null;
}

const machineRemembered = async (tdb: TenantDb, userId: string, machineSecret: string | undefined) =>
  (await findChallenge(tdb, machineSecret, 'machine'))?.user_id === userId;

/** isAuthenticated: the caller (the guard has checked the session) with the signed-in shell's configuration. */
export async function whoAmI(
  tdb: TenantDb,
  tenant: Tenant,
  user: AuthUser,
  input: { token: string; machineSecret?: string },
): Promise<Me> {
  const row = await userById(tdb, user.id);
  if (!row || row.status !== 'active') throw unauthorized(SESSION_OVER);
  const info = userInfo(row, tenant.date_format);
  const flags = {
    isSysAdmin: info.isSysAdmin,
    isAdministrator: info.isAdministrator,
    isFullUser: info.isFullUser,
    isConsultant: info.isConsultant,
  };
  return {
    token: input.token,
    accessToken: input.token,
    uid: row.id,
    username: row.username,
    email: row.email,
    fullname: row.fullname,
    ...flags,
    config: {
      // The menu of the signed-in shell; filled by the navigation feature.
      appMenu: [],
      ...flags,
      isMachineRemembered: await machineRemembered(tdb, row.id, input.machineSecret),
      is2faEnabled: !!row.totp_enabled,
      accessToken: input.token,
      userInfo: info,
    },
  };
}

/** refreshToken: a new pair for a refresh token that was never used (a reused one ends its whole family). */
export async function refresh(tdb: TenantDb, issuer: Issuer, refreshToken: string): Promise<Refreshed> {
  const r = await rotateSession(tdb, issuer, refreshToken);
  if (!r.ok) throw new HttpError(401, REFRESH_FAILED);
  return { jwt: r.tokens.token, refreshToken: r.tokens.refreshToken, expiresAt: r.tokens.expiresAt };
}

/** logout: ends the session of the refresh token presented and the one of the access token, whichever are given. */
export async function logout(
  tdb: TenantDb,
  input: { refreshToken?: string | null; claims: AccessClaims | null },
): Promise<void> {
  if (input.refreshToken) {
    const family = await familyOf(tdb, input.refreshToken);
    if (family) await revokeFamily(tdb, family);
  }
  if (input.claims && input.claims.tid === tdb.tenantId) await revokeFamily(tdb, input.claims.sid);
}

/** tokenValidation: whether a token is one of this tenant's, unexpired, and its session alive. */
export async function tokenValidity(tdb: TenantDb, keys: SigningKeys, token: string | undefined): Promise<TokenValidity> {
  const claims = token ? await keys.verify(token) : null;
  const valid = !!claims && claims.tid === tdb.tenantId && (await sessionAlive(tdb, claims));
  return { valid, expiresAt: valid ? new Date(claims!.exp * 1000).toISOString() : null };
}

export async function twoFactorInfo(tdb: TenantDb, user: AuthUser, machineSecret: string | undefined): Promise<TwoFactorInfo> {
  const row = await userById(tdb, user.id);
  if (!row) throw unauthorized(SESSION_OVER);
  return {
    twoFactorEnabled: !!row.totp_enabled,
    isMachineRemembered: await machineRemembered(tdb, row.id, machineSecret),
    hasAuthenticator: !!row.totp_enabled,
  };
}
