import type { TenantDb } from '../tenancy/tenant-db.js';

const LIMIT = 1000;

export const activeUsers = (tdb: TenantDb) =>
  tdb
    .selectFrom('users')
    .select(['id', 'username', 'fullname', 'email'])
    .where('status', '=', 'active')
    .orderBy('fullname')
    .orderBy('username')
    .limit(LIMIT)
    .execute();

export const teams = (tdb: TenantDb) =>
  tdb.selectFrom('teams').select(['id', 'name']).orderBy('name').limit(LIMIT).execute();

/** Of the given ids, those of users of this tenant (any status: an inactive user is still one of its people). */
export const userIdsAmong = async (tdb: TenantDb, ids: string[]) =>
  (await tdb.selectFrom('users').select('id').where('id', 'in', ids).execute()).map((r) => r.id);

/** Of the given ids, those of teams of this tenant. */
export const teamIdsAmong = async (tdb: TenantDb, ids: string[]) =>
  (await tdb.selectFrom('teams').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
