import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';

export const userById = (tdb: TenantDb, id: string) =>
  tdb.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const userByUsername = (tdb: TenantDb, username: string) =>
  tdb.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();

/**
 * What decides whether an access token may still be used: the user's status and current roles, whether the
 * token's refresh-token family is alive, and the user's session generation (for the guard's cache).
 */
export const sessionStanding = (tdb: TenantDb, userId: string, familyId: string) =>
  tdb
    .selectFrom('users')
    .select(['status', 'is_sys_admin', 'is_administrator', 'is_full_user', 'is_consultant', 'session_generation'])
    .select((eb) =>
      eb
        .exists(
          tdb
            .selectFrom('refresh_tokens')
            .select('refresh_tokens.id')
            .where('refresh_tokens.family_id', '=', familyId)
            .where('refresh_tokens.user_id', '=', userId)
            .where('refresh_tokens.revoked_on', 'is', null),
        )
        .as('live'),
    )
    .where('users.id', '=', userId)
    .executeTakeFirst();

/** Records a used TOTP step; false when this or a later step was used already (each code works once). */
export async function claimTotpStep(tdb: TenantDb, userId: string, step: number): Promise<boolean> {
  const r = await tdb
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const setTotpSecret = (tdb: TenantDb, userId: string, secret: string) =>
  tdb.updateTable('users').set({ totp_secret: secret }).where('id', '=', userId).execute();

export const enableTotp = (tdb: TenantDb, userId: string) =>
  tdb.updateTable('users').set({ totp_enabled: 1 }).where('id', '=', userId).execute();

export function setPasswordHash(tdb: TenantDb, userId: string, hash: string) {
  const now = new Date().toISOString();
  return tdb
    .updateTable('users')
    .set({ password_hash: hash, password_changed_on: now, modified_on: now })
    .where('id', '=', userId)
    .execute();
}

export const userColumn = <C extends 'security_questions' | 'preferences'>(tdb: TenantDb, userId: string, column: C) =>
  tdb.selectFrom('users').select(column).where('id', '=', userId).executeTakeFirstOrThrow();

export const setSecurityQuestions = (tdb: TenantDb, userId: string, stored: string) =>
  tdb.updateTable('users').set({ security_questions: stored }).where('id', '=', userId).execute();

export const setPreferences = (tdb: TenantDb, userId: string, preferences: string) =>
  tdb.updateTable('users').set({ preferences }).where('id', '=', userId).execute();

/** Tenant rows are system-wide: these go through the system connection, for the request's own tenant only. */
export const setTenantSettings = (db: Kysely<DB>, tenantId: string, settings: string) =>
  db.updateTable('tenants').set({ settings }).where('id', '=', tenantId).execute();

export const setTenantZone = (db: Kysely<DB>, tenantId: string, zone: string) =>
  db.updateTable('tenants').set({ time_zone: zone }).where('id', '=', tenantId).execute();
