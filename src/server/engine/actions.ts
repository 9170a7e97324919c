import type { Selectable } from 'kysely';
import type { TasksTable } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/errors.js';
import { loadRecordFor, loadVersion, type RecordRow } from '../records/store.js';
import { mergeWrite, writeDraft } from '../records/write.js';
import { resolvePermissions } from '../../../runtime/permissions.js';
import { START_STEP } from '../../../schemas/workflow-definition.js';
import { loadActivityRegistry } from '../../../runtime/activity-registry-node.js';
import { RACE, Run, stepOfTask, titleOf, type Actor, type ModuleRow } from './engine.js';
import { OPEN, WF } from './status.js';
import { param } from '../db/prepared-query.js';

type TaskRow = Selectable<TasksTable>;

/** Runs one action in one transaction; database-level conflicts (PostgreSQL deadlock/serialization) become 409. */
export async function inTransaction<T>(tdb: TenantDb, fn: (tx: TenantDb) => Promise<T>): Promise<T> {
  try {
    return await tdb.transaction(fn);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === '40P01' || code === '40001' || code === 'SQLITE_BUSY') throw conflict(RACE);
    throw err;
  }
}

const ACCOUNT_GONE = 'Your account is not available.';
interface ActorColumns {
  a_id: string | null;
  a_fullname: string | null;
  a_username: string | null;
  a_email: string | null;
}
const actorOf = (
  user: AuthUser,
  u: { id: string; fullname: string | null; username: string; email: string },
): Actor => ({
  id: u.id,
  name: u.fullname || u.username,
  email: u.email,
  isAdmin: user.isAdministrator || user.isSysAdmin,
});

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

async function moduleOf(tx: TenantDb, id: string): Promise<ModuleRow> {
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

/**
 * A task the caller may act on (their own; any for admin routes), still open, with its record, module, pinned version
 * and the caller as the engine's actor.
 */
async function openTask(tx: TenantDb, user: AuthUser, taskId: unknown, admin = false) {
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

async function userName(tx: TenantDb, id: string): Promise<string | undefined> {
  const u = await tx
    .selectFrom('users')
    .select(['fullname', 'username', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  return u && u.status === 'active' ? u.fullname || u.username : undefined;
}

const text = (v: unknown, max = 4000): string | null =>
  typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null;
const dataOf = (v: unknown): Record<string, unknown> | undefined => {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw badRequest('data must be an object.');
  return v as Record<string, unknown>;
};

const result = <X extends object>(run: Run, version: number, extra: X = {} as X) => ({
  recordId: run.record.id,
  version,
  instanceId: run.instanceId,
  workflow_status: run.patch.workflow_status ?? run.record.workflow_status,
  ...extra,
});

/** Submit: saves the draft (all required fields now), starts an instance pinned to the record's version, runs it. */
export async function submit(
  tx: TenantDb,
  user: AuthUser,
  actor: Actor,
  b: { moduleId?: unknown; recordId?: unknown; data?: unknown; version?: unknown },
) {
  if (typeof b.moduleId !== 'string' || !b.moduleId) throw badRequest('moduleId is required.');
  const existing = typeof b.recordId === 'string' && b.recordId ? await loadRecordFor(tx, user, b.recordId) : undefined;
  if (existing && existing.created_by !== actor.id)
    throw forbidden('Only the person who created this record can submit it.');
  const { row, v } = await writeDraft(tx, {
    moduleId: b.moduleId,
    existing,
    data: dataOf(b.data) ?? {},
    version: b.version,
    userId: actor.id,
    access: (ver) => resolvePermissions(ver.definition, ver.workflow, START_STEP, ver.registry),
    draft: false,
  });
  const run = new Run(tx, actor, row, await moduleOf(tx, row.module_id), v, 'submit');
  run.startInstance(WF.submitted);
  run.addHistory({ action: 'Submit', accepted: true, outcomes: ['Done'] });
  const start = v.workflow.activities.find((a) => a.type === 'StartProcess');
  if (!start) run.fault('The workflow has no start activity.');
  else await run.advance(start.activityId, 'Done');
  const { version } = await run.persist();
  return result(run, version);
}

/** Approve (accepted true) or reject (accepted false, with a reason), optionally writing fields the step may edit. */
export async function approve(
  tx: TenantDb,
  user: AuthUser,
  b: { task_id?: unknown; taskId?: unknown; accepted?: unknown; description?: unknown; data?: unknown },
) {
  if (typeof b.accepted !== 'boolean') throw badRequest('accepted must be true or false.');
  const accepted = b.accepted;
  const description = text(b.description);
  if (!accepted && !description) throw badRequest('Please give a reason for the rejection.');
  const { actor, task, record, mod, v, othersOpen } = await openTask(tx, user, b.task_id ?? b.taskId);
  const act = v.workflow.activities.find((a) => a.activityId === task.activity_id);
  if (!act) throw new HttpError(409, 'This step no longer exists in the workflow.');
  const isStart = act.type === 'StartProcess';
  if (isStart && !accepted)
    throw badRequest('A record sent back to you can be resubmitted or withdrawn, not rejected.');
  const run = new Run(tx, actor, record, mod, v, isStart ? 'submit' : accepted ? 'approve' : 'rejected');
  run.comment = description;
  const incoming = dataOf(b.data);
  if (incoming) {
    const access = resolvePermissions(v.definition, v.workflow, stepOfTask(v, task.activity_id), v.registry);
    run.data = await mergeWrite(v, run.data, incoming, access, { draft: !accepted });
    run.patch.data = JSON.stringify(run.data);
  }
  const { manifests, servers } = await loadActivityRegistry();
  const server = servers[act.type];
  const outcome = isStart ? 'Done' : server?.decide ? server.decide(accepted) : accepted ? 'Approved' : 'Rejected';
  run.actedTask = {
    id: task.id,
    version: task.version,
    set: { status: 'Completed', outcome, completed_on: run.now, message: description },
  };
  run.addHistory({
    action: isStart ? 'Resubmit' : accepted ? 'Approve' : 'Reject',
    activity: act,
    taskId: task.id,
    message: description,
    accepted,
    assignee: actor.name,
    outcomes: [outcome],
  });
  if (!isStart && run.initiator !== actor.id) {
    run.notify(
      run.initiator,
      accepted ? 'approve' : 'rejected',
      `${mod.display_name}: ${titleOf(act)} ${accepted ? 'approved' : 'rejected'} by ${actor.name}`,
    );
  }
  let completes = true;
  const config = { ...(manifests[act.type]?.defaultConfig ?? {}), ...(act.properties ?? {}) };
  if (accepted && othersOpen && server?.waitsForAll?.(config)) {
    const others = await tx
      .selectFrom('tasks')
      .select('id')
      .where('instance_id', '=', task.instance_id)
      .where('activity_id', '=', act.activityId)
      .where('status', '=', OPEN)
      .where('id', '!=', task.id)
      .limit(1)
      .execute();
    completes = others.length === 0;
  }
  run.patch.workflow_status = isStart ? WF.submitted : accepted ? WF.approved : WF.rejected;
  if (completes) {
    if (othersOpen)
      run.closeOpen = { instanceId: task.instance_id, exceptId: task.id, status: 'Completed', outcome: 'Cancelled' };
    await run.advance(act.activityId, outcome);
  }
  const { version } = await run.persist();
  // The actor's own next tasks on this record, so a client can go straight on (e.g. "approve and next").
  const nextTasks = run.newTasks.filter((x) => x.assignee_id === actor.id && x.status === OPEN).map((x) => x.id);
  return result(run, version, { outcome, nextTasks });
}

/** Reassign one open task to another user (by its assignee, or by an administrator). */
async function reassignOne(
  tx: TenantDb,
  user: AuthUser,
  taskId: unknown,
  toUser: unknown,
  message: string | null,
  admin: boolean,
) {
  if (typeof toUser !== 'string' || !toUser) throw badRequest('Choose the user to reassign to.');
  const { actor, task, record, mod, v } = await openTask(tx, user, taskId, admin);
  if (mod.is_reassignment_disabled) throw forbidden('Reassignment is disabled for this app.');
  if (toUser === task.assignee_id) throw badRequest('The task is already assigned to this user.');
  const [toName, fromName] = await Promise.all([userName(tx, toUser), userName(tx, task.assignee_id)]);
  if (!toName) throw badRequest('The selected user is not available.');
  const dup = await tx
    .selectFrom('tasks')
    .select('id')
    .where('instance_id', '=', task.instance_id)
    .where('activity_id', '=', task.activity_id)
    .where('assignee_id', '=', toUser)
    .where('status', '=', OPEN)
    .executeTakeFirst();
  if (dup) throw conflict(`${toName} already has this task.`);
  const act = v.workflow.activities.find((a) => a.activityId === task.activity_id) ?? {
    activityId: task.activity_id,
    type: 'Assignment',
    displayName: task.activity_title,
  };
  const run = new Run(tx, actor, record, mod, v, 'reassign');
  run.comment = message;
  run.actedTask = {
    id: task.id,
    version: task.version,
    set: { status: 'Completed', outcome: 'Reassigned', completed_on: run.now, message },
  };
  const newId = run.addTask(act, toUser, {
    taskType: task.task_type,
    dueOn: task.due_on,
    teamId: task.team_id,
    message,
    remindEveryHours: task.remind_every_hours,
  });
  run.patch.workflow_status = WF.reassigned;
  run.addHistory({
    action: 'Reassign',
    activity: act,
    taskId: task.id,
    message,
    assignee: fromName ?? null,
    approval: { assigned_to: fromName ?? null, reassigned_to: toName, reAssignedTo: toUser },
    outcomes: ['Reassigned'],
  });
  const { version } = await run.persist();
  return result(run, version, { taskId: newId });
}

export async function reassign(tx: TenantDb, user: AuthUser, b: Record<string, unknown>, admin: boolean) {
  return reassignOne(tx, user, b.taskId ?? b.task_id, b.userId ?? b.assignTo, text(b.message), admin);
}

/** Administrators: reassign several open tasks to one user in one transaction (all or nothing). */
export async function reassignTasks(tx: TenantDb, user: AuthUser, b: Record<string, unknown>) {
  const ids = b.taskIds;
  if (!Array.isArray(ids) || !ids.length || ids.length > 500 || ids.some((i) => typeof i !== 'string'))
    throw badRequest('taskIds must be a list of 1 to 500 task ids.');
  const out = [];
  for (const id of [...new Set(ids as string[])])
    out.push(await reassignOne(tx, user, id, b.userId ?? b.assignTo, text(b.message), true));
  return out;
}

/** Send back to an earlier step: the StartProcess (the initiator gets the record back) or an Assignment already passed. */
export async function goBack(tx: TenantDb, user: AuthUser, b: Record<string, unknown>) {
  const { actor, task, record, mod, v } = await openTask(tx, user, b.taskId ?? b.task_id);
  const targetId = b.goBackToActivityId;
  if (typeof targetId !== 'string' || !targetId) throw badRequest('goBackToActivityId is required.');
  const target = v.workflow.activities.find((a) => a.activityId === targetId);
  if (!target) throw badRequest('That step does not exist in this workflow.');
  if (target.activityId === task.activity_id) throw badRequest('Choose a step before the current one.');
  const passed = await goBackTargets(tx, v, record, task);
  if (!passed.some((p) => p.activityId === targetId))
    throw badRequest('The record can only be sent back to a step it has already passed.');
  const message = text(b.message);
  const run = new Run(tx, actor, record, mod, v, 'sendback');
  run.comment = message;
  run.actedTask = {
    id: task.id,
    version: task.version,
    set: { status: 'Returned', outcome: 'Sent back', completed_on: run.now, message },
  };
  run.closeOpen = { instanceId: task.instance_id, exceptId: task.id, status: 'Returned', outcome: 'Sent back' };
  run.patch.workflow_status = WF.sentBack;
  const from = v.workflow.activities.find((a) => a.activityId === task.activity_id);
  run.addHistory({
    action: 'SendBack',
    activity: from ?? null,
    taskId: task.id,
    message,
    assignee: actor.name,
    outcomes: [`Sent back to ${titleOf(target)}`],
  });
  if (target.type === 'StartProcess') run.addTask(target, run.initiator, { taskType: 'Resubmit', message });
  else await run.enter(target);
  const { version } = await run.persist();
  return result(run, version);
}

/** Steps a task may be sent back to: the start, and Assignments of this instance that had tasks before. */
export async function goBackTargets(
  tx: TenantDb,
  v: Awaited<ReturnType<typeof loadVersion>>,
  record: RecordRow,
  task: { activity_id: string; instance_id: string },
) {
  const rows = await tx
    .selectFrom('tasks')
    .select('activity_id')
    .distinct()
    .where('instance_id', '=', task.instance_id)
    .execute();
  const seen = new Set(rows.map((r) => r.activity_id));
  return v.workflow.activities
    .filter((a) => a.activityId !== task.activity_id && (a.type === 'StartProcess' || seen.has(a.activityId)))
    .map((a) => ({ activityId: a.activityId, title: titleOf(a), type: a.type }));
}

async function submittedRecord(tx: TenantDb, user: AuthUser, recordId: unknown) {
  if (typeof recordId !== 'string' || !recordId) throw badRequest('recordId is required.');
  const record = await loadRecordFor(tx, user, recordId);
  if (!record.workflow_instance_id) throw conflict('This record has not been submitted.');
  const [mod, v] = await Promise.all([
    moduleOf(tx, record.module_id),
    loadVersion(tx, record.module_id, record.module_version),
  ]);
  return { record, mod, v };
}

/** The initiator takes a running record back: open tasks close, the record is a draft again. */
export async function withdraw(tx: TenantDb, user: AuthUser, actor: Actor, b: Record<string, unknown>) {
  const { record, mod, v } = await submittedRecord(tx, user, b.recordId ?? b.record_id);
  if (record.workflow_initiator_user !== actor.id)
    throw forbidden('Only the person who submitted this record can withdraw it.');
  if (record.is_draft || record.workflow_completed_on)
    throw conflict('This record cannot be withdrawn: its process is not running.');
  const message = text(b.message);
  const open = await tx
    .selectFrom('tasks')
    .select(['id', 'assignee_id'])
    .where('instance_id', '=', record.workflow_instance_id!)
    .where('status', '=', OPEN)
    .execute();
  const run = new Run(tx, actor, record, mod, v, 'withdraw');
  run.closeOpen = { instanceId: record.workflow_instance_id!, status: 'Completed', outcome: 'Withdrawn' };
  run.setInstance('Withdrawn');
  Object.assign(run.patch, {
    is_draft: 1,
    workflow_status: WF.withdrawn,
    workflow_started_on: null,
    workflow_activity_id: null,
    workflow_activity_name: null,
    workflow_faulted_on: null,
  });
  run.addHistory({ action: 'Withdraw', message, outcomes: ['Withdrawn'] });
  for (const t of open)
    if (t.assignee_id !== actor.id)
      run.notify(t.assignee_id, 'withdraw', `${mod.display_name}: ${actor.name} withdrew the record`, { taskId: t.id });
  const { version } = await run.persist();
  return result(run, version);
}

/** The initiator (or an administrator) reminds the people with open tasks on a record. */
export async function remind(tx: TenantDb, user: AuthUser, actor: Actor, b: Record<string, unknown>) {
  let recordId = b.recordId ?? b.record_id;
  const taskId = b.taskId ?? b.task_id;
  if (typeof taskId === 'string' && taskId) {
    const t = await tx.selectFrom('tasks').select('record_id').where('id', '=', taskId).executeTakeFirst();
    if (!t) throw notFound('Task not found');
    recordId = t.record_id;
  }
  const { record, mod, v } = await submittedRecord(tx, user, recordId);
  if (record.workflow_initiator_user !== actor.id && !actor.isAdmin)
    throw forbidden('Only the person who submitted this record can send a reminder.');
  let q = tx
    .selectFrom('tasks')
    .selectAll()
    .where('instance_id', '=', record.workflow_instance_id!)
    .where('status', '=', OPEN);
  if (typeof taskId === 'string' && taskId) q = q.where('id', '=', taskId);
  const open = await q.execute();
  if (!open.length) throw conflict('There is no open task to remind.');
  const run = new Run(tx, actor, record, mod, v, 'reminder');
  for (const t of open)
    run.notify(
      t.assignee_id,
      'reminder',
      `${mod.display_name}: reminder from ${actor.name}: ${t.activity_title} is waiting for you`,
      { taskId: t.id, currentStep: t.activity_title },
    );
  run.addHistory({ action: 'Reminder', message: text(b.message), outcomes: [`${open.length} reminded`] });
  const { version } = await run.persist();
  return result(run, version, { reminded: open.length });
}

/** Restart: closes what is open and runs a new instance from the start on the record's pinned version. */
export async function restart(tx: TenantDb, user: AuthUser, actor: Actor, b: Record<string, unknown>) {
  const { record, mod, v } = await submittedRecord(tx, user, b.recordId ?? b.record_id);
  if (record.is_draft) throw conflict('This record has not been submitted.');
  if (record.workflow_initiator_user !== actor.id && !actor.isAdmin)
    throw forbidden('Only the person who submitted this record or an administrator can restart its process.');
  const run = new Run(tx, actor, record, mod, v, 'restart');
  const old = record.workflow_instance_id!;
  run.closeOpen = { instanceId: old, status: 'Completed', outcome: 'Restarted' };
  run.closeInstance = { id: old, status: 'Restarted' };
  const initiator = run.initiator;
  run.startInstance(WF.restarted);
  // The process still belongs to whoever submitted it.
  if (run.instanceInsert) run.instanceInsert.initiator_id = initiator;
  Object.assign(run.patch, {
    workflow_initiator_user: initiator,
    workflow_initiator_email: record.workflow_initiator_email,
    submitted_on: record.submitted_on,
  });
  run.addHistory({ action: 'Restart', message: text(b.message), outcomes: ['Restarted'] });
  const start = v.workflow.activities.find((a) => a.type === 'StartProcess');
  if (!start) run.fault('The workflow has no start activity.');
  else await run.advance(start.activityId, 'Done');
  const { version } = await run.persist();
  return result(run, version);
}
