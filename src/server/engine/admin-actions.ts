import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import { loadVersion, type LoadedVersion, type RecordRow } from '../records/store.js';
import { COMPLETE_STEP } from '../../../schemas/workflow-definition.js';
import { audit } from '../audit/trail.js';
import { Run, isStart, type Actor } from './engine.js';
import { titleOf } from './effects.js';
import { enter } from './interpreter.js';
import { actorFor, openTasksOf, submittedRecord } from './reads.js';
import { persist } from './write.js';
import { actionResult, text } from './results.js';
import { reassignTasks } from './task-actions.js';
import type { ActionResult } from './schemas.js';
import { OPEN, TASK_FAULTED, WF } from './status.js';

// The process console's operations (system administrators): repair or stop any instance, hand its tasks on, move it
// to the newest published version. Each is one transition like the others: a plan written with the record's version
// as the lock (a stale one answers 409), so they race safely with approvals.

// A type (not an interface) so that it passes as the writer thread's plain parameters.
export type AdminActionInput = {
  recordId: string;
  message?: string | null;
  /** move: the activity to start; migrate: the step to start where the current one is gone from the new version. */
  activityId?: string | null;
  /** reassign: who gets the open tasks. */
  userId?: string | null;
  /** migrate: for each current step missing from the new version, the step to start instead. */
  mapping?: Record<string, string> | null;
};

export type AdminActionResult = ActionResult & { changed: boolean };

/** The record with its module and pinned version, for a system administrator. */
async function load(tx: TenantDb, user: AuthUser, recordId: string) {
  if (!user.isSysAdmin) throw forbidden('Only system administrators can use the process console.');
  const { record, mod, v } = await submittedRecord(tx, user, recordId);
  return { record, mod, v, actor: await actorFor(tx, user) };
}

export const isRunning = (r: RecordRow) => !r.is_draft && !r.workflow_completed_on && r.workflow_status !== WF.faulted;
export const isOpen = (r: RecordRow) => !r.is_draft && !r.workflow_completed_on;

async function note(tx: TenantDb, actor: Actor, run: Run, action: string, details: Record<string, unknown>) {
  await audit(tx, {
    action: `process.${action}`,
    actorId: actor.id,
    actorName: actor.name,
    targetType: 'record',
    targetId: run.record.id,
    targetLabel: run.mod.display_name,
    details,
  });
}

/** The step a faulted process stopped at: its latest Faulted task, else the step it was parked on. */
export async function faultedStep(tx: TenantDb, r: RecordRow): Promise<string | null> {
  const t = await tx
    .selectFrom('tasks')
    .select('activity_id')
    .where('instance_id', '=', r.workflow_instance_id!)
    .where('status', '=', TASK_FAULTED)
    .orderBy('started_on', 'desc')
    .executeTakeFirst();
  return t?.activity_id ?? (r.workflow_activity_id !== COMPLETE_STEP ? r.workflow_activity_id : null);
}

/** Re-runs the step a process faulted at, with the record's values as they are now. */
export async function retryFaulted(tx: TenantDb, user: AuthUser, b: AdminActionInput): Promise<AdminActionResult> {
  const { record, mod, v, actor } = await load(tx, user, b.recordId);
  if (record.workflow_status !== WF.faulted) throw conflict('This process has not faulted.');
  const run = new Run(tx, actor, record, mod, v, 'connector');
  const stepId = await faultedStep(tx, record);
  const act = stepId ? run.activity(stepId) : undefined;
  if (!act) throw conflict('The step this process faulted at is not known; move it to a step instead.');
  reopen(run);
  run.addHistory({ action: 'Retry', activity: act, message: text(b.message), outcomes: ['Retried'] });
  await enter(run, act);
  await note(tx, actor, run, 'retry', { step: titleOf(act) });
  const { version } = await persist(run);
  return { ...actionResult(run, version), changed: true };
}

/** A faulted process runs again (the transition that follows decides where it stands). */
function reopen(run: Run) {
  Object.assign(run.patch, { workflow_status: WF.submitted, workflow_faulted_on: null });
  run.instanceSet = { status: 'Running', finished_on: null, fault: null };
}

/** Stops a running or faulted process: open tasks close as Cancelled and the record goes back to its initiator. */
export async function cancelProcess(tx: TenantDb, user: AuthUser, b: AdminActionInput): Promise<AdminActionResult> {
  const { record, mod, v, actor } = await load(tx, user, b.recordId);
  if (!isOpen(record)) throw conflict('This process is not running.');
  const message = text(b.message);
  const open = await openTasksOf(tx, record.workflow_instance_id!);
  const run = new Run(tx, actor, record, mod, v, 'withdraw');
  run.comment = message;
  run.closeOpen = { instanceId: record.workflow_instance_id!, status: 'Completed', outcome: 'Cancelled' };
  run.setInstance('Withdrawn', message);
  // The engine's way to end a process without a decision: a withdrawn draft its initiator may submit again.
  Object.assign(run.patch, {
    is_draft: 1,
    workflow_status: WF.withdrawn,
    workflow_started_on: null,
    workflow_activity_id: null,
    workflow_activity_name: null,
    workflow_faulted_on: null,
  });
  run.addHistory({ action: 'Cancel', message, outcomes: ['Cancelled'] });
  for (const t of open)
    run.notify(t.assignee_id, 'withdraw', `${mod.display_name}: the process was cancelled by ${actor.name}`, {
      taskId: t.id,
    });
  await note(tx, actor, run, 'cancel', { comment: message, closedTasks: open.length });
  const { version } = await persist(run);
  return { ...actionResult(run, version), changed: true };
}

/** Closes the open tasks and starts the chosen activity (the start sends the record back to its initiator). */
async function startAt(run: Run, target: LoadedVersion['workflow']['activities'][number], outcome: string) {
  const r = run.record;
  run.closeOpen = { instanceId: r.workflow_instance_id!, status: 'Completed', outcome };
  if (r.workflow_status === WF.faulted) reopen(run);
  if (isStart(target)) run.addTask(target, run.initiator, { taskType: 'Resubmit', message: run.comment });
  else await enter(run, target);
}

/** Moves a running or faulted process to another step of its version. */
export async function moveToStep(tx: TenantDb, user: AuthUser, b: AdminActionInput): Promise<AdminActionResult> {
  const { record, mod, v, actor } = await load(tx, user, b.recordId);
  if (!isOpen(record)) throw conflict('This process is not running.');
  const target = b.activityId ? v.workflow.activities.find((a) => a.activityId === b.activityId) : undefined;
  if (!target) throw badRequest('Choose a step of this workflow.');
  const run = new Run(tx, actor, record, mod, v, 'connector');
  run.comment = text(b.message);
  const from = record.workflow_activity_name;
  run.patch.workflow_status = WF.submitted;
  run.addHistory({ action: 'Move', activity: target, message: run.comment, outcomes: [`Moved to ${titleOf(target)}`] });
  await startAt(run, target, 'Moved');
  await note(tx, actor, run, 'move', { from, to: titleOf(target), comment: run.comment });
  const { version } = await persist(run);
  return { ...actionResult(run, version), changed: true };
}

/** Hands every open task of a process to one user (the administrators' reassignment, one task after another). */
export async function reassignProcess(tx: TenantDb, user: AuthUser, b: AdminActionInput): Promise<AdminActionResult> {
  const { record } = await load(tx, user, b.recordId);
  if (!b.userId) throw badRequest('Choose the user to reassign to.');
  const open = await openTasksOf(tx, record.workflow_instance_id!);
  const taskIds = open.filter((t) => t.assignee_id !== b.userId).map((t) => t.id);
  if (!taskIds.length)
    return {
      recordId: record.id,
      version: record.version,
      instanceId: record.workflow_instance_id,
      workflow_status: record.workflow_status,
      changed: false,
    };
  const out = await reassignTasks(tx, user, { taskIds, userId: b.userId, message: b.message });
  const last = out[out.length - 1]!;
  return { ...last, changed: true };
}

/** The current steps of a process: its open tasks' activities, or the step it stands (or faulted) at. */
export async function currentSteps(tx: TenantDb, r: RecordRow): Promise<string[]> {
  const open = await tx
    .selectFrom('tasks')
    .select('activity_id')
    .distinct()
    .where('instance_id', '=', r.workflow_instance_id!)
    .where('status', '=', OPEN)
    .execute();
  if (open.length) return open.map((t) => t.activity_id);
  const at = r.workflow_status === WF.faulted ? await faultedStep(tx, r) : r.workflow_activity_id;
  return at && at !== COMPLETE_STEP ? [at] : [];
}

/**
 * Moves a running (or faulted) process to the app's newest published version. Where its current steps exist there
 * too, the process stays where it is (tasks untouched) and is pinned to the new version; otherwise the mapping names
 * the step to start instead, and open tasks close as Migrated.
 */
export async function migrateProcess(tx: TenantDb, user: AuthUser, b: AdminActionInput): Promise<AdminActionResult> {
  const { record, mod, actor } = await load(tx, user, b.recordId);
  if (!isOpen(record)) throw conflict('This process is not running.');
  const m = await tx
    .selectFrom('modules')
    .select('published_version')
    .where('id', '=', record.module_id)
    .executeTakeFirst();
  if (!m?.published_version) throw notFound('App not found');
  const newest = m.published_version;
  const same = { ...actionResultOf(record), changed: false };
  if (record.module_version >= newest) return same;
  const to = await loadVersion(tx, record.module_id, newest);
  const run = new Run(tx, actor, record, mod, to, 'connector');
  const remapped = await planMigration(run, await currentSteps(tx, record), newest, b);
  await note(tx, actor, run, 'migrate', { from: record.module_version, to: newest, remapped });
  const { version } = await persist(run);
  return { ...actionResult(run, version), changed: true };
}

/**
 * Plans a run's move to the newest version from its current steps (migrate-batch.ts plans many this way); answers
 * the steps that were missing there.
 */
export async function planMigration(run: Run, steps: string[], newest: number, b: Omit<AdminActionInput, 'recordId'>) {
  const { record } = run;
  const has = new Set(run.v.workflow.activities.map((a) => a.activityId));
  const missing = steps.filter((s) => !has.has(s));
  run.comment = text(b.message);
  run.patch.module_version = newest;
  const outcome = `Version ${record.module_version} to ${newest}`;
  if (missing.length) {
    const targetId = missing.map((s) => b.mapping?.[s]).find(Boolean) ?? b.activityId;
    const target = targetId ? run.v.workflow.activities.find((a) => a.activityId === targetId) : undefined;
    if (!target) throw conflict(`Step ${missing.join(', ')} is not in version ${newest}: choose where to go on.`);
    run.addHistory({ action: 'Migrate', activity: target, message: run.comment, outcomes: [outcome] });
    await startAt(run, target, 'Migrated');
  } else {
    run.addHistory({ action: 'Migrate', message: run.comment, outcomes: [outcome] });
  }
  // After the walk: a fault or an end on the way sets the instance's status, the version goes with it.
  run.instanceSet = { ...run.instanceSet, module_version: newest };
  return missing;
}

const actionResultOf = (r: RecordRow): ActionResult => ({
  recordId: r.id,
  version: r.version,
  instanceId: r.workflow_instance_id,
  workflow_status: r.workflow_status,
});
