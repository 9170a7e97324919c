import type { Updateable } from 'kysely';
import type { UsersTable } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { UserRow } from '../identity/user-info.js';

/** `lower(column) like %term%` needs the term without LIKE's own wildcards. */
const likeTerm = (term: string) =>
  `%${term
    .trim()
    .toLowerCase()
    .replace(/[%_\\]/g, '')}%`;

// ---- users ------------------------------------------------------------------------------------------------------

export const userById = (tdb: TenantDb, id: string): Promise<UserRow | undefined> =>
  tdb.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const userByUsername = (tdb: TenantDb, username: string) =>
  tdb.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();

export const userStatus = (tdb: TenantDb, id: string) =>
  tdb.selectFrom('users').select(['id', 'status']).where('id', '=', id).executeTakeFirst();

export async function activeSysAdmins(tdb: TenantDb): Promise<number> {
  const row = await tdb
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_sys_admin', '=', 1)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of users by username, narrowed by licence and status, then by a search over names and e-mail. */
export async function userPage(
  tdb: TenantDb,
  f: { license?: string; status?: 'active' | 'inactive'; search: string; limit: number; offset: number },
) {
  let all = tdb.selectFrom('users');
  if (f.license) all = all.where('license', '=', f.license);
  if (f.status) all = all.where('status', '=', f.status);
  const term = likeTerm(f.search);
  const found = f.search.trim()
    ? all.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['username']), 'like', term),
          eb(eb.fn('lower', ['fullname']), 'like', term),
          eb(eb.fn('lower', ['email']), 'like', term),
        ]),
      )
    : all;
  const countOf = (q: typeof all) => q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const [total, filtered, rows] = await Promise.all([
    countOf(all),
    countOf(found),
    found.selectAll().orderBy('username').limit(f.limit).offset(f.offset).execute(),
  ]);
  return { total: Number(total.n), filtered: Number(filtered.n), rows };
}

export const updateUserRow = (tdb: TenantDb, id: string, set: Updateable<UsersTable>) =>
  tdb.updateTable('users').set(set).where('id', '=', id).execute();

export const teamsOfUser = (tdb: TenantDb, userId: string) =>
  tdb
    .selectFrom('team_members')
    .innerJoin('teams', (j) =>
      j.onRef('teams.id', '=', 'team_members.team_id').onRef('teams.tenant_id', '=', 'team_members.tenant_id'),
    )
    .select(['teams.id', 'teams.name'])
    .where('team_members.user_id', '=', userId)
    .orderBy('teams.name')
    .execute();

// ---- teams ------------------------------------------------------------------------------------------------------

export const teamById = (tdb: TenantDb, id: string) =>
  tdb.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();

export async function teamNamed(tdb: TenantDb, name: string, except?: string) {
  let q = tdb.selectFrom('teams').select('id').where('name', '=', name);
  if (except) q = q.where('id', '!=', except);
  return q.executeTakeFirst();
}

/** Teams by name with their member counts, optionally searched by name. */
export async function teamList(tdb: TenantDb, search: string) {
  let q = tdb
    .selectFrom('teams')
    .leftJoin('team_members', (j) =>
      j.onRef('team_members.team_id', '=', 'teams.id').onRef('team_members.tenant_id', '=', 'teams.tenant_id'),
    )
    .select(['teams.id', 'teams.name', 'teams.modified_on'])
    .select((eb) => eb.fn.count<number>('team_members.user_id').as('member_count'))
    .groupBy(['teams.id', 'teams.name', 'teams.modified_on'])
    .orderBy('teams.name');
  if (search.trim()) q = q.where((eb) => eb(eb.fn('lower', ['teams.name']), 'like', likeTerm(search)));
  return (await q.execute()).map((t) => ({ ...t, member_count: Number(t.member_count) }));
}

export const teamMembers = (tdb: TenantDb, teamId: string) =>
  tdb
    .selectFrom('team_members')
    .innerJoin('users', (j) =>
      j.onRef('users.id', '=', 'team_members.user_id').onRef('users.tenant_id', '=', 'team_members.tenant_id'),
    )
    .select(['users.id', 'users.username', 'users.fullname', 'users.email', 'users.status'])
    .where('team_members.team_id', '=', teamId)
    .orderBy('users.fullname')
    .execute();

export const insertTeam = (tdb: TenantDb, t: { id: string; name: string; createdBy: string }) => {
  const now = new Date().toISOString();
  return tdb
    .insertInto('teams', { id: t.id, name: t.name, created_by: t.createdBy, created_on: now, modified_on: now })
    .execute();
};

export const renameTeamRow = (tdb: TenantDb, id: string, name: string) =>
  tdb.updateTable('teams').set({ name, modified_on: new Date().toISOString() }).where('id', '=', id).execute();

export const deleteTeamRows = (tdb: TenantDb, id: string) =>
  tdb.transaction(async (tx) => {
    await tx.deleteFrom('team_members').where('team_id', '=', id).execute();
    await tx.deleteFrom('teams').where('id', '=', id).execute();
  });

export const addTeamMember = (tdb: TenantDb, teamId: string, userId: string) =>
  tdb
    .insertInto('team_members', { team_id: teamId, user_id: userId, added_on: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['tenant_id', 'team_id', 'user_id']).doNothing())
    .execute();

export const removeTeamMember = (tdb: TenantDb, teamId: string, userId: string) =>
  tdb.deleteFrom('team_members').where('team_id', '=', teamId).where('user_id', '=', userId).execute();
