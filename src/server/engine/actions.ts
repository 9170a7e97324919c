import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { assertModuleAccess, loadRecordFor, resolvePermissions } from '../access/index.js';
import { conflict, forbidden } from '../http/errors.js';
import { writeDraft } from '../records/write.js';
import { START_STEP } from '../../../schemas/workflow-definition.js';
import { Run, startOf, type Actor } from './engine.js';
import { advance } from './interpreter.js';
import { moduleOf, openTasksOf, recordOfTask, submittedRecord } from './reads.js';
import { persist } from './write.js';
import { actionResult, text } from './results.js';
import type { ActionResult, RecordActionInput, ReminderInput, ReminderResult, SubmitInput } from './schemas.js';
import { WF } from './status.js';

// Actions on a record's process: start it (submit), take it back (withdraw), remind, run it again (restart).
// Actions on one task live in task-actions.ts; what other features call is re-exported at the end.

/** Runs the new instance from the start activity (a workflow without one faults). */
async function runFromStart(run: Run) {
  const start = startOf(run.v);
  if (!start) run.fault('The workflow has no start activity.');
  else await advance(run, start.activityId, 'Done');
}

/**
 * Submit: saves the draft (all required fields now), starts an instance pinned to the record's version, runs it.
 * A new record needs the app's create permission, checked here so every caller (routes, the writer thread, the
 * scheduler) is held to it.
 */
export async function submit(tx: TenantDb, user: AuthUser, actor: Actor, b: SubmitInput): Promise<ActionResult> {
  const existing = b.recordId ? await loadRecordFor(tx, user, b.recordId) : undefined;
  if (existing && existing.created_by !== actor.id)
    throw forbidden('Only the person who created this record can submit it.');
  if (!existing) await assertModuleAccess(tx, user, b.moduleId, 'create');
  const { row, v } = await writeDraft(tx, {
    moduleId: b.moduleId,
    existing,
    data: b.data ?? {},
    version: b.version,
    userId: actor.id,
    user,
    access: (ver) => resolvePermissions(ver.definition, ver.workflow, START_STEP, ver.registry),
    draft: false,
  });
  const run = new Run(tx, actor, row, await moduleOf(tx, row.module_id), v, 'submit');
  run.startInstance(WF.submitted);
  run.addHistory({ action: 'Submit', accepted: true, outcomes: ['Done'] });
  await runFromStart(run);
  const { version } = await persist(run);
  return actionResult(run, version);
}

/** The initiator takes a running record back: open tasks close, the record is a draft again. */
export async function withdraw(
  tx: TenantDb,
  user: AuthUser,
  actor: Actor,
  b: RecordActionInput,
): Promise<ActionResult> {
  const { record, mod, v } = await submittedRecord(tx, user, b.recordId ?? b.record_id);
  if (record.workflow_initiator_user !== actor.id)
    throw forbidden('Only the person who submitted this record can withdraw it.');
  if (record.is_draft || record.workflow_completed_on)
    throw conflict('This record cannot be withdrawn: its process is not running.');
  const message = text(b.message);
  const open = await openTasksOf(tx, record.workflow_instance_id!);
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
  const { version } = await persist(run);
  return actionResult(run, version);
}

/** The initiator (or an administrator) reminds the people with open tasks on a record. */
export async function remind(tx: TenantDb, user: AuthUser, actor: Actor, b: ReminderInput): Promise<ReminderResult> {
  const taskId = b.taskId ?? b.task_id;
  const recordId = taskId ? await recordOfTask(tx, taskId) : (b.recordId ?? b.record_id);
  const { record, mod, v } = await submittedRecord(tx, user, recordId);
  if (record.workflow_initiator_user !== actor.id && !actor.isAdmin)
    throw forbidden('Only the person who submitted this record can send a reminder.');
  const open = await openTasksOf(tx, record.workflow_instance_id!, taskId ?? undefined);
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
  const { version } = await persist(run);
  return actionResult(run, version, { reminded: open.length });
}

/** Restart: closes what is open and runs a new instance from the start on the record's pinned version. */
export async function restart(tx: TenantDb, user: AuthUser, actor: Actor, b: RecordActionInput): Promise<ActionResult> {
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
  await runFromStart(run);
  const { version } = await persist(run);
  return actionResult(run, version);
}

// For features that run an action themselves (the scheduler submits in its own transaction) or show its choices
// (the record detail lists where a task may be sent back to).
export { actorFor } from './reads.js';
export { inTransaction } from './write.js';
export { goBackTargets } from './task-actions.js';
