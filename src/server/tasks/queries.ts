import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { likePattern, parseDatatable, type DatatableQuery } from '../apps/datatable.js';
import { OPEN } from '../engine/status.js';
import type { TaskListBody, TaskPage } from './schemas.js';

/** Task list columns (spec section 2) and what each sorts and filters on. */
const COLUMNS = {
  display_name: 'm.display_name',
  activity_title: 'tasks.activity_title',
  task_type: 'tasks.task_type',
  assigned_from_user: 'tasks.assigned_from_user',
  record_started_by: 'u.fullname',
  started_on: 'tasks.started_on',
  due_on: 'tasks.due_on',
  status: 'tasks.status',
} as const;
type Column = keyof typeof COLUMNS;
const ALLOWED = Object.keys(COLUMNS) as Column[];

type JDB = DB & { m: DB['modules']; r: DB['records']; u: DB['users'] };
type Q = SelectQueryBuilder<JDB, 'tasks' | 'm' | 'r' | 'u', object>;
/** Which tasks a list shows; it names task columns only (the total is counted on tasks alone). */
export type TaskScope = (q: Q) => Q;

/**
 * Tasks with their app, record and initiator. Every task has its record (foreign key) and app (apps are only ever
 * soft-deleted), so left joins give the same rows; they also keep the planner starting from the task index, in list
 * order, instead of from the small apps table followed by a sort of every task.
 */
function base(tdb: TenantDb): Q {
  return tdb
    .selectFrom('tasks')
    .leftJoin('modules as m', (j) =>
      j.onRef('m.id', '=', 'tasks.module_id').onRef('m.tenant_id', '=', 'tasks.tenant_id'),
    )
    .leftJoin('records as r', (j) =>
      j.onRef('r.id', '=', 'tasks.record_id').onRef('r.tenant_id', '=', 'tasks.tenant_id'),
    )
    .leftJoin('users as u', (j) =>
      j.onRef('u.id', '=', 'r.workflow_initiator_user').onRef('u.tenant_id', '=', 'tasks.tenant_id'),
    ) as unknown as Q;
}

function applyQuery(q: Q, d: DatatableQuery): Q {
  if (d.search) {
    const p = likePattern(d.search);
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(m.display_name)`, 'like', sql`${p} escape '\\'`),
        eb(sql`lower(tasks.activity_title)`, 'like', sql`${p} escape '\\'`),
        eb(sql`lower(tasks.task_type)`, 'like', sql`${p} escape '\\'`),
        eb(sql`lower(coalesce(tasks.assigned_from_user, ''))`, 'like', sql`${p} escape '\\'`),
        eb(sql`lower(coalesce(u.fullname, ''))`, 'like', sql`${p} escape '\\'`),
      ]),
    );
  }
  for (const f of d.filters) {
    const col = sql.ref(COLUMNS[f.field as Column]);
    if (f.operator === 'contains') q = q.where(sql`lower(${col})`, 'like', sql`${likePattern(f.value)} escape '\\'`);
    else q = q.where(col, f.operator === 'eq' ? '=' : '!=', f.value);
  }
  return q;
}

/** One page of tasks in the spec's datatable shape (data, recordsTotal, recordsFiltered, page, length). */
export async function taskPage(tdb: TenantDb, body: TaskListBody, scope: TaskScope): Promise<TaskPage> {
  const d = parseDatatable(body, ALLOWED);
  const scoped = scope(base(tdb));
  const filtered = applyQuery(scoped, d);
  let rows = filtered.select([
    'tasks.id',
    'tasks.record_id',
    'tasks.module_id',
    'tasks.activity_id',
    'tasks.activity_title',
    'tasks.task_type',
    'tasks.assigned_from_user',
    'tasks.started_on',
    'tasks.due_on',
    'tasks.status',
    'tasks.outcome',
    'tasks.team_id',
    'tasks.message',
    'm.display_name',
    'u.fullname as record_started_by',
    'r.workflow_status',
  ]);
  const ordered = <T extends Q>(q: T): T => {
    for (const o of d.order) q = q.orderBy(sql.ref(COLUMNS[o.column as Column]), o.dir) as T;
    if (!d.order.length) q = q.orderBy('tasks.started_on', 'desc') as T;
    // The id breaks ties in the last column's direction, so the default order is one walk of the task index.
    return q.orderBy('tasks.id', d.order.at(-1)?.dir ?? 'desc') as T;
  };
  const offset = Math.min(d.offset, 100_000);
  rows = ordered(rows);
  // Deep pages on task columns alone: the ids of the page come from the task index first, and only those rows are
  // joined (otherwise every skipped row would be joined too).
  const onTasksOnly =
    offset > 0 &&
    !d.search &&
    d.filters.every((f) => COLUMNS[f.field as Column].startsWith('tasks.')) &&
    d.order.every((o) => COLUMNS[o.column as Column].startsWith('tasks.'));
  const pageRows = onTasksOnly
    ? rows.where(
        'tasks.id',
        'in',
        ordered(applyQuery(scope(tdb.selectFrom('tasks') as unknown as Q), d))
          .select('tasks.id')
          .limit(d.length)
          .offset(offset),
      )
    : rows.limit(d.length).offset(offset);
  const count = (q: Q) => q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const [list, total, filteredCount] = await Promise.all([
    pageRows.execute(),
    // Scopes name task columns only, and every task has its record and app: the total needs no join.
    count(scope(tdb.selectFrom('tasks') as unknown as Q)),
    d.search || d.filters.length ? count(filtered) : undefined,
  ]);
  return {
    data: list.map((t) => ({ ...t, task_id: t.id })),
    recordsTotal: Number(total.n),
    recordsFiltered: Number((filteredCount ?? total).n),
    page: d.page,
    length: d.length,
  };
}

/** Open tasks of one user. */
export const openTasksOf =
  (userId: string): TaskScope =>
  (q) =>
    q.where('tasks.assignee_id', '=', userId).where('tasks.status', '=', OPEN);
/** Tasks of one user in any status. */
export const tasksOf =
  (userId: string): TaskScope =>
  (q) =>
    q.where('tasks.assignee_id', '=', userId);
/** Open tasks given to a team. */
export const openTeamTasks =
  (teamId: string): TaskScope =>
  (q) =>
    q.where('tasks.team_id', '=', teamId).where('tasks.status', '=', OPEN);

export const countOpenTasks = (tdb: TenantDb, userId: string) =>
  tdb
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('assignee_id', '=', userId)
    .where('status', '=', OPEN)
    .executeTakeFirstOrThrow();

/** One task with its app's name and the initiator's name. */
export const taskWithNames = (tdb: TenantDb, taskId: string) =>
  base(tdb)
    .select([
      'tasks.id',
      'tasks.record_id',
      'tasks.module_id',
      'tasks.assignee_id',
      'tasks.activity_id',
      'tasks.activity_title',
      'tasks.task_type',
      'tasks.assigned_from_user',
      'tasks.started_on',
      'tasks.due_on',
      'tasks.status',
      'tasks.outcome',
      'tasks.message',
      'tasks.version',
      'm.display_name',
      'u.fullname as record_started_by',
    ])
    .where('tasks.id', '=', taskId)
    .executeTakeFirst();

export const teamExists = (tdb: TenantDb, teamId: string) =>
  tdb.selectFrom('teams').select('id').where('id', '=', teamId).executeTakeFirst();

export const teamMembership = (tdb: TenantDb, teamId: string, userId: string) =>
  tdb
    .selectFrom('team_members')
    .select('user_id')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
