import { sql } from 'kysely';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { assertModuleAccess, isAdmin, visibleRecordsWhere } from '../access/index.js';
import { notFound } from '../http/errors.js';
import { OPEN } from '../engine/status.js';
import { PROCESS_STATUSES, processStatusSql } from '../entries/status-sql.js';
import { dateRange } from '../analytics/filters.js';
import type { ProcessStatusCounts, StatusWidgetBody, TaskWidgetBody, TaskWorkload } from './schemas.js';
import { direct, type Reader } from '../reports/cached-rows.js';

/**
 * Open tasks by assignee or team. The task lists' rule decides what is counted: administrators every open task,
 * anyone else their own and their teams' (a shared dashboard never shows a viewer more than their task lists do).
 */
export async function taskWorkload(
  tdb: TenantDb,
  user: AuthUser,
  body: TaskWidgetBody,
  read: Reader = direct,
): Promise<TaskWorkload> {
  const { from, to, userId } = dateRange(body.shared);
  const byTeam = body.groupBy === 'team';
  let q = tdb
    .selectFrom('tasks')
    .leftJoin('users', (j) =>
      j.onRef('users.id', '=', 'tasks.assignee_id').onRef('users.tenant_id', '=', 'tasks.tenant_id'),
    )
    .leftJoin('teams', (j) =>
      j.onRef('teams.id', '=', 'tasks.team_id').onRef('teams.tenant_id', '=', 'tasks.tenant_id'),
    )
    .where('tasks.status', '=', OPEN);
  if (!isAdmin(user))
    q = q.where((eb) =>
      eb.or([
        eb('tasks.assignee_id', '=', user.id),
        eb(
          'tasks.team_id',
          'in',
          eb.selectFrom('team_members').select('team_members.team_id').where('team_members.user_id', '=', user.id),
        ),
      ]),
    );
  if (body.moduleId) q = q.where('tasks.module_id', '=', body.moduleId);
  if (from) q = q.where('tasks.started_on', '>=', from);
  if (to) q = q.where('tasks.started_on', '<', to);
  if (userId) q = q.where('tasks.assignee_id', '=', userId);
  // To the minute: the same question within a minute is the same query, so its answer can be reused.
  const now = `${new Date().toISOString().slice(0, 16)}:00.000Z`;
  const overdue = sql<number>`sum(case when tasks.due_on is not null and tasks.due_on < ${now} then 1 else 0 end)`;
  const rows = await read(
    (byTeam
      ? q.select(['tasks.team_id as id', 'teams.name as label']).groupBy(['tasks.team_id', 'teams.name'])
      : q
          .select(['tasks.assignee_id as id', 'users.fullname as label'])
          .groupBy(['tasks.assignee_id', 'users.fullname'])
    )
      .select((eb) => [eb.fn.countAll<number>().as('open'), overdue.as('overdue')])
      .orderBy('open', 'desc')
      .orderBy('id')
      .limit(50),
  );
  const groups = rows.map((r) => ({
    id: r.id ?? null,
    label: r.label ?? '',
    open: Number(r.open),
    overdue: Number(r.overdue ?? 0),
  }));
  const [totals] = await read(q.select((eb) => [eb.fn.countAll<number>().as('open'), overdue.as('overdue')]));
  return { total: Number(totals?.open ?? 0), overdue: Number(totals?.overdue ?? 0), groups };
}

/** Records of one app by derived process status; only those the viewer may open, only with the app's reports right. */
export async function processStatusCounts(
  tdb: TenantDb,
  user: AuthUser,
  body: StatusWidgetBody,
  read: Reader = direct,
): Promise<ProcessStatusCounts> {
  await assertModuleAccess(tdb, user, body.moduleId, 'reports');
  const m = await tdb.selectFrom('modules').select('display_name').where('id', '=', body.moduleId).executeTakeFirst();
  if (!m) throw notFound('App not found');
  const { from, to, userId } = dateRange(body.shared);
  let q = tdb.selectFrom('records').where('records.module_id', '=', body.moduleId).where('records.is_draft', '=', 0);
  if (!isAdmin(user)) q = q.where((eb) => visibleRecordsWhere(eb, user, false)!);
  if (from) q = q.where('records.created_on', '>=', from);
  if (to) q = q.where('records.created_on', '<', to);
  if (userId)
    q = q.where((eb) =>
      eb.or([eb('records.created_by', '=', userId), eb('records.workflow_initiator_user', '=', userId)]),
    );
  const [row = {}] = (await read(
    q
      .select(
        PROCESS_STATUSES.map((s, n) =>
          sql<number>`sum(case when ${processStatusSql(s)} then 1 else 0 end)`.as(`s${n}`),
        ),
      )
      .select((eb) => eb.fn.countAll<number>().as('total')),
  )) as Record<string, unknown>[];
  return {
    moduleName: m.display_name,
    total: Number(row.total ?? 0),
    statuses: PROCESS_STATUSES.map((status, n) => ({ status, count: Number(row[`s${n}`] ?? 0) })),
  };
}
