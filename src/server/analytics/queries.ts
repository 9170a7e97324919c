import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/schema.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { isAdmin, visibleRecordsWhere } from '../access/index.js';
import { OPEN } from '../engine/status.js';
import { titleOf } from '../engine/effects.js';
import type { WorkflowActivity } from '../../../schemas/workflow-definition.js';

/** What every analytics query is held to: one app, records the viewer may open, the shared date range. */
export interface Scope {
  user: AuthUser;
  moduleId: string;
  from?: string;
  to?: string;
  userId?: string;
}

/** Seconds between two ISO-8601 text timestamps, in the database (both dialects). */
function seconds(tdb: TenantDb, later: string, earlier: string): RawBuilder<number> {
  const [a, b] = [sql.ref(later), sql.ref(earlier)];
  return tdb.dialect === 'postgres'
    ? sql<number>`extract(epoch from (cast(${a} as timestamptz) - cast(${b} as timestamptz)))`
    : sql<number>`((julianday(${a}) - julianday(${b})) * 86400.0)`;
}

/** The Monday (UTC) of an ISO timestamp's week, as YYYY-MM-DD. */
function weekOf(tdb: TenantDb, column: string): RawBuilder<string> {
  const c = sql.ref(column);
  return tdb.dialect === 'postgres'
    ? sql<string>`to_char(date_trunc('week', cast(${c} as timestamp)), 'YYYY-MM-DD')`
    : sql<string>`date(${c}, 'weekday 0', '-6 days')`;
}

type RecEb = ExpressionBuilder<DB, 'records'>;
/** The record visibility rule for a query that joins `records` (nothing to add for administrators). */
const visible = (s: Scope) => (eb: RecEb) =>
  (isAdmin(s.user) ? sql<SqlBool>`1 = 1` : visibleRecordsWhere(eb, s.user, false)!) as Expression<SqlBool>;

/** Tasks of the app's visible records. */
function tasksOfApp(tdb: TenantDb, s: Scope) {
  return tdb
    .selectFrom('tasks')
    .innerJoin('records', (j) =>
      j.onRef('records.id', '=', 'tasks.record_id').onRef('records.tenant_id', '=', 'tasks.tenant_id'),
    )
    .where('tasks.module_id', '=', s.moduleId)
    .where((eb) => visible(s)(eb as unknown as RecEb));
}

/**
 * Median and p90 per step by nearest rank (the value at rank ceil(p·n) of the sorted durations), computed with
 * window functions both databases have; ceil is written in integer arithmetic, which both divide alike.
 */
export async function stepDurations(tdb: TenantDb, s: Scope) {
  const dur = seconds(tdb, 'activity_history.created_on', 'tasks.started_on');
  // From the app's actions (index on module and action), each with its task and record by primary key.
  let acted = tdb
    .selectFrom('activity_history')
    .innerJoin('tasks', (j) =>
      j.onRef('tasks.id', '=', 'activity_history.task_id').onRef('tasks.tenant_id', '=', 'activity_history.tenant_id'),
    )
    .innerJoin('records', (j) =>
      j
        .onRef('records.id', '=', 'activity_history.record_id')
        .onRef('records.tenant_id', '=', 'activity_history.tenant_id'),
    )
    .where('activity_history.module_id', '=', s.moduleId)
    .where('activity_history.action_type', 'in', ['Approve', 'Reject', 'SendBack', 'Resubmit'])
    .where((eb) => visible(s)(eb as unknown as RecEb));
  if (s.from) acted = acted.where('tasks.started_on', '>=', s.from);
  if (s.to) acted = acted.where('tasks.started_on', '<', s.to);
  if (s.userId) acted = acted.where('activity_history.author_id', '=', s.userId);
  const ranked = acted.select([
    'activity_history.module_id as module_id',
    'tasks.activity_id as activity_id',
    dur.as('dur'),
    sql<number>`row_number() over (partition by tasks.activity_id order by ${dur})`.as('rn'),
    sql<number>`count(*) over (partition by tasks.activity_id)`.as('n'),
  ]);
  return tdb
    .selectFrom('modules')
    .innerJoin(ranked.as('r'), (j) => j.onRef('r.module_id', '=', 'modules.id'))
    .where('modules.id', '=', s.moduleId)
    .select([
      'r.activity_id as activityId',
      sql<number>`count(*)`.as('count'),
      sql<number>`avg(r.dur)`.as('average'),
      sql<number>`max(case when r.rn = (r.n * 50 + 99) / 100 then r.dur end)`.as('median'),
      sql<number>`max(case when r.rn = (r.n * 90 + 99) / 100 then r.dur end)`.as('p90'),
    ])
    .groupBy('r.activity_id')
    .execute();
}

/** Step titles from the app's published workflow (one row), as the engine names them on tasks. */
export async function stepTitles(tdb: TenantDb, moduleId: string): Promise<Map<string, string>> {
  const v = await tdb
    .selectFrom('module_versions')
    .innerJoin('modules', (j) =>
      j
        .onRef('modules.id', '=', 'module_versions.module_id')
        .onRef('modules.published_version', '=', 'module_versions.version')
        .onRef('modules.tenant_id', '=', 'module_versions.tenant_id'),
    )
    .select('module_versions.workflow')
    .where('module_versions.module_id', '=', moduleId)
    .executeTakeFirst();
  const wf = parseWorkflow(v?.workflow);
  return new Map(wf.activities.map((a) => [a.activityId, titleOf(a)]));
}

function parseWorkflow(text: string | undefined): { activities: WorkflowActivity[] } {
  try {
    const w = JSON.parse(text ?? '{}') as { activities?: WorkflowActivity[] };
    return { activities: Array.isArray(w.activities) ? w.activities : [] };
  } catch {
    return { activities: [] };
  }
}

/** Records completed per week, approved and rejected. */
export async function weeklyThroughput(tdb: TenantDb, s: Scope) {
  const week = weekOf(tdb, 'records.workflow_completed_on');
  let q = tdb
    .selectFrom('records')
    .where('records.module_id', '=', s.moduleId)
    .where('records.is_draft', '=', 0)
    .where('records.workflow_completed_on', 'is not', null)
    .where((eb) => visible(s)(eb));
  if (s.from) q = q.where('records.workflow_completed_on', '>=', s.from);
  if (s.to) q = q.where('records.workflow_completed_on', '<', s.to);
  if (s.userId) q = q.where('records.workflow_initiator_user', '=', s.userId);
  return q
    .select([
      week.as('week'),
      sql<number>`count(*)`.as('completed'),
      sql<number>`sum(case when records.workflow_status = 'Rejected' then 1 else 0 end)`.as('rejected'),
    ])
    .groupBy(week)
    .orderBy(week)
    .execute();
}

/** Rejections and send-backs counted by the step they happened at. */
export async function returnsByStep(tdb: TenantDb, s: Scope) {
  let q = tdb
    .selectFrom('activity_history')
    .innerJoin('records', (j) =>
      j
        .onRef('records.id', '=', 'activity_history.record_id')
        .onRef('records.tenant_id', '=', 'activity_history.tenant_id'),
    )
    .where('activity_history.module_id', '=', s.moduleId)
    .where('activity_history.action_type', 'in', ['Reject', 'SendBack'])
    .where('activity_history.activity_id', 'is not', null)
    .where((eb) => visible(s)(eb as unknown as RecEb));
  if (s.from) q = q.where('activity_history.created_on', '>=', s.from);
  if (s.to) q = q.where('activity_history.created_on', '<', s.to);
  if (s.userId) q = q.where('activity_history.author_id', '=', s.userId);
  return q
    .select(['activity_history.activity_id as activityId', 'activity_history.action_type as action'])
    .select(sql<number>`count(*)`.as('count'))
    .groupBy(['activity_history.activity_id', 'activity_history.action_type'])
    .orderBy('count', 'desc')
    .execute();
}

/** Per step: open tasks started more than `hours` ago, and closed tasks (not cancelled) held longer than that. */
export async function slaBreaches(tdb: TenantDb, s: Scope, hours: number, now: Date) {
  const cutoff = new Date(now.getTime() - hours * 3_600_000).toISOString();
  const held = seconds(tdb, 'tasks.completed_on', 'tasks.started_on');
  let q = tasksOfApp(tdb, s);
  if (s.from) q = q.where('tasks.started_on', '>=', s.from);
  if (s.to) q = q.where('tasks.started_on', '<', s.to);
  if (s.userId) q = q.where('tasks.assignee_id', '=', s.userId);
  return q
    .select([
      'tasks.activity_id as activityId',
      sql<number>`sum(case when tasks.status = ${OPEN} and tasks.started_on < ${cutoff} then 1 else 0 end)`.as('open'),
      sql<number>`sum(case when tasks.completed_on is not null and coalesce(tasks.outcome, '') <> 'Cancelled'
        and ${held} > ${hours * 3600} then 1 else 0 end)`.as('closed'),
    ])
    .groupBy('tasks.activity_id')
    .execute();
}

/** Who holds the most open tasks of the app (ten at most). */
export async function openHolders(tdb: TenantDb, s: Scope, now: Date) {
  let q = tasksOfApp(tdb, s)
    .leftJoin('users', (j) =>
      j.onRef('users.id', '=', 'tasks.assignee_id').onRef('users.tenant_id', '=', 'tasks.tenant_id'),
    )
    .where('tasks.status', '=', OPEN);
  if (s.from) q = q.where('tasks.started_on', '>=', s.from);
  if (s.to) q = q.where('tasks.started_on', '<', s.to);
  if (s.userId) q = q.where('tasks.assignee_id', '=', s.userId);
  return q
    .select(['tasks.assignee_id as userId', 'users.fullname as name'])
    .select([
      sql<number>`count(*)`.as('open'),
      sql<number>`sum(case when tasks.due_on is not null and tasks.due_on < ${now.toISOString()} then 1 else 0 end)`.as(
        'overdue',
      ),
    ])
    .groupBy(['tasks.assignee_id', 'users.fullname'])
    .orderBy('open', 'desc')
    .orderBy('tasks.assignee_id')
    .limit(10)
    .execute();
}
