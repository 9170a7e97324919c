import { sql, type ExpressionBuilder, type Insertable, type SqlBool, type Expression } from 'kysely';
import type { DB, ReportsTable } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser, Role } from '../identity/user-info.js';
import { hasRole } from '../identity/user-info.js';
import { isAdmin } from '../access/index.js';

const ROLES: Role[] = ['sysAdmin', 'administrator', 'fullUser', 'consultant'];

export const rolesOfUser = (user: AuthUser): Role[] => ROLES.filter((r) => hasRole(user, r));

export const teamsOf = async (tdb: TenantDb, userId: string) =>
  (await tdb.selectFrom('team_members').select('team_id').where('user_id', '=', userId).execute()).map(
    (t) => t.team_id,
  );

/**
 * Which saved reports a user may open: their own and those shared with one of their roles, teams or themselves.
 * Administrators may open (and so edit or delete) any.
 */
export function readableWhere(
  user: AuthUser,
  teams: string[],
): ((eb: ExpressionBuilder<DB, 'reports'>) => Expression<SqlBool>) | undefined {
  if (isAdmin(user)) return undefined;
  const roles = rolesOfUser(user);
  return (eb) =>
    eb.or([
      eb('reports.owner_id', '=', user.id),
      eb.exists(
        eb
          .selectFrom('report_shares as s')
          .select(sql`1`.as('one'))
          .whereRef('s.report_id', '=', 'reports.id')
          .where('s.tenant_id', '=', user.tenantId)
          .where((w) =>
            w.or([
              w.and([w('s.kind', '=', 'user'), w('s.target_id', '=', user.id)]),
              ...(teams.length ? [w.and([w('s.kind', '=', 'team'), w('s.target_id', 'in', teams)])] : []),
              ...(roles.length ? [w.and([w('s.kind', '=', 'role'), w('s.target_id', 'in', roles)])] : []),
            ]),
          ),
      ),
    ]);
}

export const REPORT_SELECT = [
  'reports.id',
  'reports.owner_id',
  'reports.name',
  'reports.folder',
  'reports.notes',
  'reports.module_id',
  'reports.spec',
  'reports.parameters',
  'reports.shared_with',
  'reports.created_on',
  'reports.modified_on',
  'o.fullname as owner_fullname',
  'o.username as owner_username',
  'm.display_name as module_name',
] as const;

/** Saved reports the user may open, with owner and app names. */
export function readableReports(tdb: TenantDb, user: AuthUser, teams: string[]) {
  const where = readableWhere(user, teams);
  const q = tdb
    .selectFrom('reports')
    .leftJoin('users as o', (j) =>
      j.onRef('o.id', '=', 'reports.owner_id').onRef('o.tenant_id', '=', 'reports.tenant_id'),
    )
    .leftJoin('modules as m', (j) =>
      j.onRef('m.id', '=', 'reports.module_id').onRef('m.tenant_id', '=', 'reports.tenant_id'),
    );
  return where ? q.where(where) : q;
}

export const insertReport = (tdb: TenantDb, row: Omit<Insertable<ReportsTable>, 'tenant_id'>) =>
  tdb.insertInto('reports', row).execute();

export const updateReport = (tdb: TenantDb, id: string, set: Partial<ReportsTable>) =>
  tdb.updateTable('reports').set(set).where('id', '=', id).execute();

export async function replaceShares(tdb: TenantDb, id: string, shares: { kind: string; id: string }[]) {
  await tdb.deleteFrom('report_shares').where('report_id', '=', id).execute();
  const unique = [...new Map(shares.map((s) => [`${s.kind}|${s.id}`, s])).values()];
  for (const s of unique)
    await tdb
      .insertInto('report_shares', { report_id: id, kind: s.kind as 'role' | 'team' | 'user', target_id: s.id })
      .execute();
}

export async function deleteReportRows(tdb: TenantDb, id: string) {
  await tdb.deleteFrom('report_shares').where('report_id', '=', id).execute();
  // Its mailings go with it (their lease rows find no schedule on the next pass and are released without a run).
  const schedules = tdb.selectFrom('report_schedules').select('id').where('report_id', '=', id);
  await tdb.deleteFrom('report_schedule_runs').where('schedule_id', 'in', schedules).execute();
  await tdb.deleteFrom('report_schedules').where('report_id', '=', id).execute();
  await tdb.deleteFrom('reports').where('id', '=', id).execute();
}

export const ownerOf = (tdb: TenantDb, id: string) =>
  tdb.selectFrom('reports').select(['owner_id']).where('id', '=', id).executeTakeFirst();

export const existingIds = async (tdb: TenantDb, table: 'users' | 'teams', ids: string[]) =>
  ids.length
    ? new Set((await tdb.selectFrom(table).select('id').where('id', 'in', ids).execute()).map((r) => r.id))
    : new Set<string>();
