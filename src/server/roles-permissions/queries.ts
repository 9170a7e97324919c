import type { TenantDb } from '../tenancy/tenant-db.js';

/** At most this many people are weighed in a what-if or offered in the pickers. */
export const PEOPLE_CAP = 2000;

export const appRows = (tdb: TenantDb) =>
  tdb
    .selectFrom('modules')
    .select(['id', 'display_name', 'status', 'permission'])
    .where('deleted_on', 'is', null)
    .orderBy('display_name')
    .execute();

export const appRow = (tdb: TenantDb, id: string) =>
  tdb
    .selectFrom('modules')
    .select(['id', 'display_name', 'permission', 'published_version'])
    .where('id', '=', id)
    .where('deleted_on', 'is', null)
    .executeTakeFirst();

export const userRows = (tdb: TenantDb, activeOnly: boolean) => {
  let q = tdb
    .selectFrom('users')
    .selectAll()
    .orderBy('fullname')
    .orderBy('id')
    .limit(PEOPLE_CAP + 1);
  if (activeOnly) q = q.where('status', '=', 'active');
  return q.execute();
};

export const userRow = (tdb: TenantDb, id: string) =>
  tdb.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const teamRows = (tdb: TenantDb) =>
  tdb.selectFrom('teams').select(['id', 'name']).orderBy('name').limit(PEOPLE_CAP).execute();

export const memberRows = (tdb: TenantDb) => tdb.selectFrom('team_members').select(['team_id', 'user_id']).execute();

export const teamNamesOf = (tdb: TenantDb, userId: string) =>
  tdb
    .selectFrom('team_members')
    .innerJoin('teams', (j) =>
      j.onRef('teams.id', '=', 'team_members.team_id').onRef('teams.tenant_id', '=', 'team_members.tenant_id'),
    )
    .select('teams.name')
    .where('team_members.user_id', '=', userId)
    .orderBy('teams.name')
    .execute();

export const teamName = (tdb: TenantDb, id: string) =>
  tdb.selectFrom('teams').select('name').where('id', '=', id).executeTakeFirst();

export const recordRow = (tdb: TenantDb, id: string) =>
  tdb.selectFrom('records').selectAll().where('id', '=', id).executeTakeFirst();

/** The newest records of an app to pick from: who made them and their state, never their field values. */
export const recordPicks = (tdb: TenantDb, moduleId: string) =>
  tdb
    .selectFrom('records')
    .leftJoin('users', (j) =>
      j.onRef('users.id', '=', 'records.created_by').onRef('users.tenant_id', '=', 'records.tenant_id'),
    )
    .select([
      'records.id',
      'records.sequence_number',
      'records.is_draft',
      'records.workflow_status',
      'records.created_on',
      'users.fullname',
    ])
    .where('records.module_id', '=', moduleId)
    .orderBy('records.created_on', 'desc')
    .orderBy('records.id')
    .limit(100)
    .execute();

export const existingUserIds = async (tdb: TenantDb, ids: string[]) =>
  new Set((await tdb.selectFrom('users').select('id').where('id', 'in', ids).execute()).map((u) => u.id));

export const existingTeamIds = async (tdb: TenantDb, ids: string[]) =>
  new Set((await tdb.selectFrom('teams').select('id').where('id', 'in', ids).execute()).map((t) => t.id));
