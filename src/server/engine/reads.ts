import type { Selectable } from 'kysely';
import type { TasksTable } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { isAdmin, loadRecordFor } from '../access/index.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import { loadVersion, type RecordRow } from '../records/store.js';
import { param } from '../db/prepared-query.js';
import type { Actor, ModuleRow } from './engine.js';
import { OPEN, RACE } from './status.js';

// What actions read before they plan: the caller, the task with its record and module, the people to ask.
// The statements on every approval's path are prepared per shape (TenantDb.prepared).

export type TaskRow = Selectable<TasksTable>;

const ACCOUNT_GONE = 'Your account is not available.';

const actorOf = (
  user: AuthUser,
  u: { id: string; fullname: string | null; username: string; email: string },
): Actor => ({ id: u.id, name: u.fullname || u.username, email: u.email, isAdmin: isAdmin(user) });

/** The caller as the engine's actor; an account removed since sign-in may not act. */
export async function actorFor(tdb: TenantDb, user: AuthUser): Promise<Actor> {
  const [u] = (
    await tdb.prepared(
      'engine.actor',
      (t) => t.selectFrom('users').select(['id', 'fullname', 'username', 'email']).where('id', '=', param('id')),
      { id: user.id },
    )
  ).rows;
  if (!u) throw forbidden(ACCOUNT_GONE);
  return actorOf(user, u);
}

export async function moduleOf(tx: TenantDb, id: string): Promise<ModuleRow> {
  const m = await tx
    .selectFrom('modules')
    .select(['id', 'display_name', 'is_reassignment_disabled', 'email_templates'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!m) throw notFound('App not found');
  return m;
}

function closedMessage(t: TaskRow): string {
  if (t.status === 'Returned') return 'This task has been sent back already.';
  if (t.outcome === 'Reassigned') return 'This task has been reassigned to someone else.';
  if (t.outcome === 'Cancelled') return 'This step has already been decided by another approver.';
  return 'This task has already been completed.';
}

const TASK_COLUMNS = [
  'id',
  'tenant_id',
  'record_id',
  'module_id',
  'instance_id',
  'activity_id',
  'activity_title',
  'task_type',
  'assignee_id',
  'assigned_from_user',
  'status',
  'outcome',
  'due_on',
  'version',
  'started_on',
  'completed_on',
  'team_id',
  'message',
  'remind_every_hours',
  'next_reminder_on',
] as const satisfies readonly (keyof TaskRow)[];

interface ActorColumns {
  a_id: string | null;
  a_fullname: string | null;
  a_username: string | null;
  a_email: string | null;
}

/**
 * A task the caller may act on (their own; any for admin routes), still open, with its record, module, pinned version
 * and the caller as the engine's actor.
 */
export async function openTask(tx: TenantDb, user: AuthUser, taskId: unknown, admin = false) {
  if (typeof taskId !== 'string' || !taskId) throw badRequest('taskId is required.');
  // Task, record, module and actor in one round trip (the hot path of every approval); the pinned version is cached.
  const build = (t: TenantDb) =>
    t
      .selectFrom('tasks')
      .innerJoin('records', (j) =>
        j.onRef('records.id', '=', 'tasks.record_id').onRef('records.tenant_id', '=', 'tasks.tenant_id'),
      )
      .innerJoin('modules', (j) =>
        j.onRef('modules.id', '=', 'records.module_id').onRef('modules.tenant_id', '=', 'records.tenant_id'),
      )
      .leftJoin('users as a', (j) => j.onRef('a.tenant_id', '=', 'tasks.tenant_id').on('a.id', '=', param('actor')))
      .selectAll('records')
      .select(['modules.display_name', 'modules.is_reassignment_disabled', 'modules.email_templates'])
      .select(['a.id as a_id', 'a.fullname as a_fullname', 'a.username as a_username', 'a.email as a_email'])
      .select(TASK_COLUMNS.map((c) => `tasks.${c} as t_${c}` as const))
      // Open tasks of the instance: with none besides this one the approval needs no statement to close others.
      .select((eb) =>
        eb
          .selectFrom('tasks as o')
          .select(eb.fn.countAll().as('n'))
          .whereRef('o.tenant_id', '=', 'tasks.tenant_id')
          .whereRef('o.instance_id', '=', 'tasks.instance_id')
          .where('o.status', '=', OPEN)
          .as('open_tasks'),
      )
      .where('tasks.id', '=', param('taskId'));
  const [row] = (await tx.prepared('engine.openTask', build, { taskId, actor: user.id })).rows;
  if (!row) throw notFound('Task not found');
  const { a_id, a_fullname, a_username, a_email, ...r } = row as unknown as Record<string, unknown> & ActorColumns;
  if (!a_id) throw forbidden(ACCOUNT_GONE);
  const actor = actorOf(user, { id: a_id, fullname: a_fullname, username: a_username!, email: a_email! });
  const task = Object.fromEntries(TASK_COLUMNS.map((c) => [c, r[`t_${c}`]])) as TaskRow;
  for (const c of TASK_COLUMNS) delete r[`t_${c}`];
  const openTasks = Number(r.open_tasks);
  delete r.open_tasks;
  const { display_name, is_reassignment_disabled, email_templates, ...record } = r as unknown as RecordRow &
    Pick<ModuleRow, 'display_name' | 'is_reassignment_disabled' | 'email_templates'>;
  if (task.assignee_id !== actor.id && !(admin && actor.isAdmin)) throw forbidden('This task is not assigned to you.');
  if (task.status !== OPEN) throw conflict(closedMessage(task));
  if (record.workflow_instance_id !== task.instance_id) throw conflict(RACE);
  const mod: ModuleRow = { id: record.module_id, display_name, is_reassignment_disabled, email_templates };
  const v = await loadVersion(tx, record.module_id, record.module_version);
  // Every change to an instance's tasks also bumps the record's version, so a count that went stale meanwhile
  // makes this transition's record update fail with 409 rather than leave a task open.
  return { actor, task, record, mod, v, othersOpen: openTasks > 1 };
}

/** A submitted record the caller may see, with its module and pinned version. */
export async function submittedRecord(tx: TenantDb, user: AuthUser, recordId: unknown) {
  if (typeof recordId !== 'string' || !recordId) throw badRequest('recordId is required.');
  const record = await loadRecordFor(tx, user, recordId);
  if (!record.workflow_instance_id) throw conflict('This record has not been submitted.');
  const [mod, v] = await Promise.all([
    moduleOf(tx, record.module_id),
    loadVersion(tx, record.module_id, record.module_version),
  ]);
  return { record, mod, v };
}

/** An active user's display name. */
export async function userName(tx: TenantDb, id: string): Promise<string | undefined> {
  const u = await tx
    .selectFrom('users')
    .select(['fullname', 'username', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  return u && u.status === 'active' ? u.fullname || u.username : undefined;
}

/** Of the given ids, the active users of the tenant (prepared per list length: the approvers of one step). */
export async function activeUserIds(tx: TenantDb, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const values: Record<string, unknown> = {};
  unique.forEach((id, i) => (values[`u${i}`] = id));
  const { rows } = await tx.prepared(
    `engine.activeUsers:${unique.length}`,
    (t) =>
      t
        .selectFrom('users')
        .select('id')
        .where(
          'id',
          'in',
          unique.map((_, i) => param(`u${i}`)),
        )
        .where('status', '=', 'active'),
    values,
  );
  const ok = new Set(rows.map((r) => r.id));
  return unique.filter((i) => ok.has(i));
}

/** Active members of a team, by id; undefined when the tenant has no such team. */
export async function teamMemberIds(tx: TenantDb, teamId: string): Promise<string[] | undefined> {
  const team = await tx.selectFrom('teams').select('id').where('id', '=', teamId).executeTakeFirst();
  if (!team) return undefined;
  const rows = await tx
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select('users.id')
    .where('team_members.team_id', '=', teamId)
    .where('users.status', '=', 'active')
    .orderBy('users.id')
    .execute();
  return rows.map((r) => r.id);
}

/** Whether another task of the same step is still open (an "all approvers" step waits for it). */
export async function otherOpenTaskAtStep(tx: TenantDb, task: TaskRow): Promise<boolean> {
  const others = await tx
    .selectFrom('tasks')
    .select('id')
    .where('instance_id', '=', task.instance_id)
    .where('activity_id', '=', task.activity_id)
    .where('status', '=', OPEN)
    .where('id', '!=', task.id)
    .limit(1)
    .execute();
  return others.length > 0;
}

/** Whether `userId` already holds an open task of the same step. */
export async function holdsStep(tx: TenantDb, task: TaskRow, userId: string): Promise<boolean> {
  const dup = await tx
    .selectFrom('tasks')
    .select('id')
    .where('instance_id', '=', task.instance_id)
    .where('activity_id', '=', task.activity_id)
    .where('assignee_id', '=', userId)
    .where('status', '=', OPEN)
    .executeTakeFirst();
  return !!dup;
}

/** The activities of an instance that have had tasks. */
export async function activitiesWithTasks(tx: TenantDb, instanceId: string): Promise<Set<string>> {
  const rows = await tx
    .selectFrom('tasks')
    .select('activity_id')
    .distinct()
    .where('instance_id', '=', instanceId)
    .execute();
  return new Set(rows.map((r) => r.activity_id));
}

/** Open tasks of an instance (one of them, with taskId). */
export function openTasksOf(tx: TenantDb, instanceId: string, taskId?: string) {
  let q = tx.selectFrom('tasks').selectAll().where('instance_id', '=', instanceId).where('status', '=', OPEN);
  if (taskId) q = q.where('id', '=', taskId);
  return q.execute();
}

/** The record a task belongs to. */
export async function recordOfTask(tx: TenantDb, taskId: string): Promise<string> {
  const t = await tx.selectFrom('tasks').select('record_id').where('id', '=', taskId).executeTakeFirst();
  if (!t) throw notFound('Task not found');
  return t.record_id;
}

/** Addresses and names of the users a mail goes to. */
export const mailRecipients = (tx: TenantDb, ids: string[]) =>
  tx.selectFrom('users').select(['id', 'email', 'fullname']).where('id', 'in', ids).execute();
