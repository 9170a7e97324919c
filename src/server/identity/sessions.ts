import crypto from 'node:crypto';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { randomToken, sha256, type SigningKeys } from './keys.js';
import { roleString, type UserRow } from './user-info.js';

const REFRESH_TTL_MS = 7 * 24 * 3600_000;

export interface SessionTokens {
  token: string;
  refreshToken: string;
  expiresAt: string;
}

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

/** Starts a session: a short-lived access token and the first refresh token of a new family. */
export async function startSession(
  tdb: TenantDb,
  keys: SigningKeys,
  user: UserRow,
  scope?: string,
): Promise<SessionTokens> {
  const familyId = crypto.randomUUID();
  const refreshToken = scope ? '' : await newRefresh(tdb, user.id, familyId);
  const { token, expiresAt } = await keys.sign({
    sub: user.id,
    tid: tdb.tenantId,
    sid: familyId,
    roles: roleString(user),
    scope,
  });
  return { token, refreshToken, expiresAt };
}

export type RotateResult =
  { ok: true; tokens: SessionTokens } | { ok: false; reason: 'unknown' | 'reused' | 'expired' | 'revoked' };

/**
 * Exchanges a refresh token for a new pair. Each token works once: presenting one that was already used means it
 * leaked, so the whole family is revoked.
 */
export async function rotateSession(tdb: TenantDb, keys: SigningKeys, presented: string): Promise<RotateResult> {
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
    const { token, expiresAt } = await keys.sign({
      sub: user.id,
      tid: tx.tenantId,
      sid: row.family_id,
      roles: roleString(user),
    });
    return { ok: true, tokens: { token, refreshToken, expiresAt } } as const;
  });
}

export async function revokeFamily(tdb: TenantDb, familyId: string): Promise<void> {
  await tdb
    .updateTable('refresh_tokens')
    .set({ revoked_on: new Date().toISOString() })
    .where('family_id', '=', familyId)
    .where('revoked_on', 'is', null)
    .execute();
}

export async function revokeUserSessions(tdb: TenantDb, userId: string): Promise<void> {
  await tdb
    .updateTable('refresh_tokens')
    .set({ revoked_on: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_on', 'is', null)
    .execute();
}

/** Whether a session family is still live (access tokens of a revoked family are refused). */
export async function familyLive(tdb: TenantDb, familyId: string): Promise<boolean> {
  const row = await tdb
    .selectFrom('refresh_tokens')
    .select('id')
    .where('family_id', '=', familyId)
    .where('revoked_on', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}
