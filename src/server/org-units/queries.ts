import { sql } from 'kysely';
import type { TenantDb } from '../tenancy/tenant-db.js';

// The Kysely of org units: reads for the tree, the members and the engine's resolution, and the writes.

export interface UnitRow {
  id: string;
  name: string;
  parent_id: string | null;
  head_id: string | null;
  team_id: string | null;
}

/** Every unit of the tenant (organisations are hundreds of units, not millions: walks run in memory). */
export async function unitMap(tdb: TenantDb): Promise<Map<string, UnitRow>> {
  const rows = await tdb
    .selectFrom('org_units')
    .select(['id', 'name', 'parent_id', 'head_id', 'team_id'])
    .orderBy('name')
    .orderBy('id')
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export const unitById = (tdb: TenantDb, id: string) =>
  tdb
    .selectFrom('org_units')
    .select(['id', 'name', 'parent_id', 'head_id', 'team_id'])
    .where('id', '=', id)
    .executeTakeFirst();

/** The tree for the page: units with the names of head and team and how many members each holds directly. */
export async function treeRows(tdb: TenantDb) {
  const counts = tdb
    .selectFrom('org_members')
    .select(['unit_id', sql<number>`count(*)`.as('n')])
    .groupBy('unit_id')
    .as('c');
  return tdb
    .selectFrom('org_units')
    .leftJoin('users as h', 'h.id', 'org_units.head_id')
    .leftJoin('teams as t', 't.id', 'org_units.team_id')
    .leftJoin(counts, 'c.unit_id', 'org_units.id')
    .select(['org_units.id', 'org_units.name', 'org_units.parent_id', 'org_units.head_id', 'org_units.team_id'])
    .select(['h.fullname as head_name', 't.name as team_name', 'c.n'])
    .orderBy('org_units.name')
    .orderBy('org_units.id')
    .execute();
}

/** A user's row of the tenant (any status), to check a head, member or manager named by id. */
export const userRow = (tdb: TenantDb, id: string) =>
  tdb.selectFrom('users').select(['id', 'fullname', 'status']).where('id', '=', id).executeTakeFirst();

export const teamRow = (tdb: TenantDb, id: string) =>
  tdb.selectFrom('teams').select(['id', 'name']).where('id', '=', id).executeTakeFirst();

/** Of the given ids, the active users of the tenant, in the order given. */
export async function activeAmong(tdb: TenantDb, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await tdb
    .selectFrom('users')
    .select('id')
    .where('id', 'in', unique)
    .where('status', '=', 'active')
    .execute();
  const ok = new Set(rows.map((r) => r.id));
  return unique.filter((id) => ok.has(id));
}

export const memberRow = (tdb: TenantDb, userId: string) =>
  tdb
    .selectFrom('org_members')
    .select(['user_id', 'unit_id', 'role', 'manager_id'])
    .where('user_id', '=', userId)
    .executeTakeFirst();

/** The first unit (by name) whose linked team the user is in: their unit when they hold no membership directly. */
export const unitViaTeam = (tdb: TenantDb, userId: string) =>
  tdb
    .selectFrom('org_units')
    .innerJoin('team_members as m', (j) =>
      j.onRef('m.team_id', '=', 'org_units.team_id').onRef('m.tenant_id', '=', 'org_units.tenant_id'),
    )
    .select('org_units.id')
    .where('m.user_id', '=', userId)
    .orderBy('org_units.name')
    .orderBy('org_units.id')
    .executeTakeFirst();

/** The first unit (by name) the user heads: their unit when they hold none otherwise. */
export const unitHeadedBy = (tdb: TenantDb, userId: string) =>
  tdb
    .selectFrom('org_units')
    .select('id')
    .where('head_id', '=', userId)
    .orderBy('name')
    .orderBy('id')
    .executeTakeFirst();

/** Direct members of a unit with their names and their explicit manager's name. */
export const directMembers = (tdb: TenantDb, unitId: string) =>
  tdb
    .selectFrom('org_members')
    .innerJoin('users as u', 'u.id', 'org_members.user_id')
    .leftJoin('users as g', 'g.id', 'org_members.manager_id')
    .select(['org_members.user_id', 'org_members.role', 'org_members.manager_id'])
    .select(['u.fullname', 'u.username', 'u.status', 'g.fullname as manager_name'])
    .where('org_members.unit_id', '=', unitId)
    .orderBy('u.fullname')
    .orderBy('u.id')
    .execute();

/** Members of the unit's linked team who hold no membership of their own. */
export const teamOnlyMembers = (tdb: TenantDb, teamId: string) =>
  tdb
    .selectFrom('team_members')
    .innerJoin('users as u', 'u.id', 'team_members.user_id')
    .leftJoin('org_members as m', (j) =>
      j.onRef('m.user_id', '=', 'team_members.user_id').onRef('m.tenant_id', '=', 'team_members.tenant_id'),
    )
    .select(['u.id', 'u.fullname', 'u.username'])
    .where('team_members.team_id', '=', teamId)
    .where('m.user_id', 'is', null)
    .orderBy('u.fullname')
    .orderBy('u.id')
    .execute();

/** Active direct members of the given units who hold a role (compared in memory: names are free text). */
export const roleHolders = (tdb: TenantDb, unitIds: string[]) =>
  unitIds.length
    ? tdb
        .selectFrom('org_members')
        .innerJoin('users as u', 'u.id', 'org_members.user_id')
        .select(['org_members.user_id', 'org_members.unit_id', 'org_members.role'])
        .where('org_members.unit_id', 'in', unitIds)
        .where('org_members.role', 'is not', null)
        .where('u.status', '=', 'active')
        .orderBy('u.fullname')
        .orderBy('u.id')
        .execute()
    : Promise.resolve([]);

export async function roleNames(tdb: TenantDb): Promise<string[]> {
  const rows = await tdb.selectFrom('org_members').select('role').where('role', 'is not', null).distinct().execute();
  return [...new Set(rows.map((r) => r.role!.trim()).filter(Boolean))].sort((a, b) => a.localeCompare(b));
}

/** Members whose name, username or e-mail contains the text (case-insensitive), at most 50. */
export const searchMembers = (tdb: TenantDb, text: string) => {
  const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return tdb
    .selectFrom('org_members')
    .innerJoin('users as u', 'u.id', 'org_members.user_id')
    .select(['org_members.user_id', 'org_members.unit_id', 'org_members.role', 'u.fullname', 'u.username'])
    .where((eb) =>
      eb.or(
        ['u.fullname', 'u.username', 'u.email'].map((c) =>
          eb(sql`lower(${sql.ref(c)})`, 'like', sql`${like} escape '\\'`),
        ),
      ),
    )
    .orderBy('u.fullname')
    .orderBy('u.id')
    .limit(50)
    .execute();
};

// Writes.

const now = () => new Date().toISOString();

export const insertUnit = (tdb: TenantDb, u: UnitRow) =>
  tdb.insertInto('org_units', { ...u, created_on: now(), modified_on: now() }).execute();

export const updateUnit = (tdb: TenantDb, id: string, set: Partial<Omit<UnitRow, 'id'>>) =>
  tdb
    .updateTable('org_units')
    .set({ ...set, modified_on: now() })
    .where('id', '=', id)
    .execute();

/** Deletes a unit: its child units move up to its parent, its direct members are left without a unit. */
export const deleteUnitRows = (tdb: TenantDb, unit: UnitRow) =>
  tdb.transaction(async (tx) => {
    await tx
      .updateTable('org_units')
      .set({ parent_id: unit.parent_id, modified_on: now() })
      .where('parent_id', '=', unit.id)
      .execute();
    await tx.deleteFrom('org_members').where('unit_id', '=', unit.id).execute();
    await tx.deleteFrom('org_units').where('id', '=', unit.id).execute();
  });

/** Makes the unit the user's one unit (leaving any other) with this role and explicit manager. */
export const upsertMember = (
  tdb: TenantDb,
  m: { user_id: string; unit_id: string; role: string | null; manager_id: string | null },
) =>
  tdb
    .insertInto('org_members', { ...m, added_on: now() })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'user_id']).doUpdateSet({ unit_id: m.unit_id, role: m.role, manager_id: m.manager_id }),
    )
    .execute();

export const deleteMember = (tdb: TenantDb, unitId: string, userId: string) =>
  tdb.deleteFrom('org_members').where('unit_id', '=', unitId).where('user_id', '=', userId).executeTakeFirst();
