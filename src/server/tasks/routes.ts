import { sql, type SelectQueryBuilder } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { DB } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { Role } from '../identity/user-info.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { likePattern, parseDatatable, type DatatableQuery } from '../apps/datatable.js';
import { OPEN } from '../engine/status.js';
import { recordDetail } from '../records/detail.js';
import { ResultCache } from '../db/result-cache.js';
import { reusedAnswer } from '../http/reused-answer.js';

const T = '/api/Task';
const ADMINS: Role[] = ['administrator', 'sysAdmin'];

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
async function page(tdb: TenantDb, body: unknown, scope: (q: Q) => Q) {
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

const open = (userId: string) => (q: Q) => q.where('tasks.assignee_id', '=', userId).where('tasks.status', '=', OPEN);
const payload = (req: FastifyRequest) =>
  ({ ...(req.query as object), ...((req.body as object | null) ?? {}) }) as Record<string, unknown>;

/** Task lists and task detail. A user sees only their own tasks; other users' lists are for administrators. */
export async function taskRoutes(app: FastifyInstance, _ctx: AppContext) {
  // Home and the badge ask again and again: the same answer is reused until the database changes.
  const answers = new ResultCache();
  app.post(`${T}/datatables`, async (req, reply) =>
    reusedAnswer(answers, 'tasks', req, reply, async () => ({
      success: true,
      message: '',
      data: await page(req.tdb, req.body, open(req.user.id)),
    })),
  );

  const total = (req: FastifyRequest, reply: FastifyReply) =>
    reusedAnswer(answers, 'total', req, reply, () => countOpen(req));
  const countOpen = async (req: FastifyRequest) => {
    const n = await req.tdb
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('assignee_id', '=', req.user.id)
      .where('status', '=', OPEN)
      .executeTakeFirstOrThrow();
    return { success: true, message: '', data: Number(n.n) };
  };
  app.get(`${T}/total`, total);
  app.post(`${T}/total`, total);

  /** The user's tasks of any status (filter on `status`, e.g. Completed), for history views. */
  app.post(`${T}/dynamicdatatables`, async (req, reply) =>
    reusedAnswer(answers, 'all-tasks', req, reply, async () => ({
      success: true,
      message: '',
      data: await page(req.tdb, req.body, (q) => q.where('tasks.assignee_id', '=', req.user.id)),
    })),
  );

  app.post(`${T}/dataTablesByUserId`, { config: { roles: ADMINS } }, async (req) => {
    const userId = payload(req).userId;
    if (typeof userId !== 'string' || !userId) throw badRequest('userId is required.');
    return { success: true, message: '', data: await page(req.tdb, req.body, open(userId)) };
  });

  /** Open tasks given to a team: for its members and administrators. */
  app.post(`${T}/dataTablesByTeamId`, async (req) => {
    const teamId = payload(req).teamId;
    if (typeof teamId !== 'string' || !teamId) throw badRequest('teamId is required.');
    const team = await req.tdb.selectFrom('teams').select('id').where('id', '=', teamId).executeTakeFirst();
    if (!team) throw notFound('Team not found');
    if (!req.user.isAdministrator && !req.user.isSysAdmin) {
      const member = await req.tdb
        .selectFrom('team_members')
        .select('user_id')
        .where('team_id', '=', teamId)
        .where('user_id', '=', req.user.id)
        .executeTakeFirst();
      if (!member) throw forbidden('You are not a member of this team.');
    }
    return {
      success: true,
      message: '',
      data: await page(req.tdb, req.body, (q) =>
        q.where('tasks.team_id', '=', teamId).where('tasks.status', '=', OPEN),
      ),
    };
  });

  app.get(`${T}/:taskId/detail`, async (req) => {
    const { taskId } = req.params as { taskId: string };
    const t = await base(req.tdb)
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
    if (!t) throw notFound('Task not found');
    if (t.assignee_id !== req.user.id && !req.user.isAdministrator && !req.user.isSysAdmin)
      throw forbidden('This task is not assigned to you.');
    return {
      success: true,
      message: '',
      data: { ...t, task_id: t.id, record: await recordDetail(req.tdb, req.user, t.record_id, t.id) },
    };
  });
}
