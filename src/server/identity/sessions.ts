import crypto from 'node:crypto';
import type { AppContext } from '../context.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { randomToken, sha256, type SigningKeys } from './keys.js';
import type { SessionTokens } from './schemas.js';
import { announceSessionChange } from './session-gate.js';
import { roleString, type UserRow } from './user-info.js';

const REFRESH_TTL_MS = 7 * 24 * 3600_000;

/** What issuing access tokens needs: the shared signing keys and the configured lifetime (config.accessTokenTtl). */
export interface Issuer {
  keys: SigningKeys;
  accessTtl: number;
}

export const issuerOf = (ctx: AppContext): Issuer => ({ keys: ctx.keys, accessTtl: ctx.config.accessTokenTtl });

async function newRefresh(tdb: TenantDb, userId: string, familyId: string): Promise<string> {
  const refreshToken = randomToken();
  const now = Date.now();
  await tdb
    .insertInto('refresh_tokens', {
      id: crypto.randomUUID(),
      user_id: userId,
      family_id: familyId,
      token_hash: sha256(refreshToken),
      expires_on: new Date(now + REFRESH_TTL_MS).toISOString(),
      used_on: null,
      revoked_on: null,
      created_on: new Date(now).toISOString(),
    })
    .execute();
  return refreshToken;
}

const accessToken = (tdb: TenantDb, issuer: Issuer, user: UserRow, familyId: string, scope?: string) =>
  issuer.keys.sign({ sub: user.id, tid: tdb.tenantId, sid: familyId, roles: roleString(user), scope }, issuer.accessTtl);

/**
 * Starts a session: a short-lived access token and the first refresh token of a new family. A purpose-limited
 * session (`scope`) gets a family too, so it can end like any other, but its refresh token is never handed out.
 */
export async function startSession(tdb: TenantDb, issuer: Issuer, user: UserRow, scope?: string): Promise<SessionTokens> {
  const familyId = crypto.randomUUID();
  const refreshToken = await newRefresh(tdb, user.id, familyId);
  const { token, expiresAt } = await accessToken(tdb, issuer, user, familyId, scope);
  return { token, refreshToken: scope ? '' : refreshToken, expiresAt };
}

export type RotateResult =
  { ok: true; tokens: SessionTokens } | { ok: false; reason: 'unknown' | 'reused' | 'expired' | 'revoked' };

/**
 * Exchanges a refresh token for a new pair. Each token works once: presenting one that was already used means it
 * leaked, so the whole family is revoked (and its access tokens stop working at once).
 */
export async function rotateSession(tdb: TenantDb, issuer: Issuer, presented: string): Promise<RotateResult> {
  return tdb.transaction(async (tx) => {
    const row = await tx
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', sha256(presented))
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'unknown' } as const;
    const now = new Date().toISOString();
    if (row.revoked_on) return { ok: false, reason: 'revoked' } as const;
    if (row.used_on) {
      await revokeFamily(tx, row.family_id);
      return { ok: false, reason: 'reused' } as const;
    }
    if (row.expires_on < now) return { ok: false, reason: 'expired' } as const;
    const claimed = await tx
      .updateTable('refresh_tokens')
      .set({ used_on: now })
      .where('id', '=', row.id)
      .where('used_on', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) {
      await revokeFamily(tx, row.family_id);
      return { ok: false, reason: 'reused' } as const;
    }
    const user = await tx.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
    if (!user || user.status !== 'active') return { ok: false, reason: 'revoked' } as const;
    const refreshToken = await newRefresh(tx, user.id, row.family_id);
    const { token, expiresAt } = await accessToken(tx, issuer, user, row.family_id);
    return { ok: true, tokens: { token, refreshToken, expiresAt } } as const;
  });
}

/**
 * Moves the user's session generation on and tells every node, which then stops trusting what it remembered about
 * the user's sessions. Whoever changes a user's status, roles or password calls this (through revokeUserSessions)
 * in the same transaction.
 */
export async function bumpSessionGeneration(tdb: TenantDb, userId: string): Promise<void> {
  const row = await tdb
    .updateTable('users')
    .set((eb) => ({ session_generation: eb('session_generation', '+', 1) }))
    .where('id', '=', userId)
    .returning('session_generation')
    .executeTakeFirst();
  if (row) announceSessionChange(tdb.tenantId, userId, Number(row.session_generation));
}

/** Ends one session (logout, a reused refresh token): its refresh tokens and, at once, its access tokens. */
export async function revokeFamily(tdb: TenantDb, familyId: string): Promise<void> {
  const ended = await tdb
    .updateTable('refresh_tokens')
    .set({ revoked_on: new Date().toISOString() })
    .where('family_id', '=', familyId)
    .where('revoked_on', 'is', null)
    .returning('user_id')
    .execute();
  for (const userId of new Set(ended.map((r) => r.user_id))) await bumpSessionGeneration(tdb, userId);
}

/**
 * Ends every session of a user: on deactivation, new roles or a new password. Access tokens already handed out
 * stop working at once on every node.
 */
export async function revokeUserSessions(tdb: TenantDb, userId: string): Promise<void> {
  await tdb
    .updateTable('refresh_tokens')
    .set({ revoked_on: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_on', 'is', null)
    .execute();
  await bumpSessionGeneration(tdb, userId);
}

/** The family of a refresh token the caller presents (logout), if it is one of this tenant's. */
export async function familyOf(tdb: TenantDb, refreshToken: string): Promise<string | undefined> {
  const row = await tdb
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('token_hash', '=', sha256(refreshToken))
    .executeTakeFirst();
  return row?.family_id;
}
