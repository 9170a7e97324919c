import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import type { LoadedVersion, RecordRow } from '../records/store.js';
import { badRequest, conflict, forbidden, HttpError } from '../http/errors.js';
import { mergeWrite } from '../records/write.js';
import { linkFilesOfRecord } from '../files/links.js';
import { resolvePermissions } from '../access/index.js';
import { Run, isStart, stepOfTask } from './engine.js';
import { titleOf } from './effects.js';
import { advance, commentRequired, decisionOutcome, enter, waitsForAll } from './interpreter.js';
import { activitiesWithTasks, holdsStep, openTask, otherOpenTaskAtStep, userName } from './reads.js';
import { persist } from './write.js';
import { actionResult, text } from './results.js';
import type {
  ApproveInput,
  ApproveResult,
  GoBackInput,
  ReassignInput,
  ReassignResult,
  ReassignTasksInput,
} from './schemas.js';
import { OPEN, WF } from './status.js';
import { recordChanges } from '../audit/diff.js';

// Actions on one open task: decide it, hand it to someone else, or send the record back to an earlier step.

/** Approve (accepted true) or reject (accepted false, with a reason), optionally writing fields the step may edit. */
export async function approve(tx: TenantDb, user: AuthUser, b: ApproveInput): Promise<ApproveResult> {
  if (typeof b.accepted !== 'boolean') throw badRequest('accepted must be true or false.');
  const accepted = b.accepted;
  const description = text(b.description);
  if (!accepted && !description) throw badRequest('Please give a reason for the rejection.');
  const { actor, task, record, mod, v, othersOpen } = await openTask(tx, user, b.task_id ?? b.taskId);
  const act = v.workflow.activities.find((a) => a.activityId === task.activity_id);
  if (!act) throw new HttpError(409, 'This step no longer exists in the workflow.');
  // A task at the start is a record sent back to its initiator: resubmitted (or withdrawn), never rejected.
  const atStart = isStart(act);
  if (atStart && !accepted)
    throw badRequest('A record sent back to you can be resubmitted or withdrawn, not rejected.');
  if (accepted && !description && commentRequired(act, true))
    throw badRequest('Please add a comment to approve at this step.');
  const run = new Run(tx, actor, record, mod, v, atStart ? 'submit' : accepted ? 'approve' : 'rejected');
  run.comment = description;
  if (b.data) {
    const access = resolvePermissions(v.definition, v.workflow, stepOfTask(v, task.activity_id), v.registry);
    const previous = run.data;
    const who = { tdb: tx, user, moduleId: record.module_id, version: record.version + 1 };
    run.data = await mergeWrite(who, v, run.data, b.data, access, {
      draft: !accepted,
    });
    // Files attached at this step become reachable through the record (files/links.ts), like those of a save.
    await linkFilesOfRecord(tx, { recordId: record.id, userId: actor.id, data: run.data, previous });
    run.patch.data = JSON.stringify(run.data);
  }
  const outcome = atStart ? 'Done' : decisionOutcome(act, accepted);
  run.actedTask = {
    id: task.id,
    version: task.version,
    set: { status: 'Completed', outcome, completed_on: run.now, message: description },
  };
  run.addHistory({
    action: atStart ? 'Resubmit' : accepted ? 'Approve' : 'Reject',
    activity: act,
    taskId: task.id,
    message: description,
    accepted,
    assignee: actor.name,
    outcomes: [outcome],
  });
  if (!atStart && run.initiator !== actor.id) {
    run.notify(
      run.initiator,
      accepted ? 'approve' : 'rejected',
      `${mod.display_name}: ${titleOf(act)} ${accepted ? 'approved' : 'rejected'} by ${actor.name}`,
    );
  }
  const completes = !(accepted && othersOpen && waitsForAll(act) && (await otherOpenTaskAtStep(tx, task)));
  run.patch.workflow_status = atStart ? WF.submitted : accepted ? WF.approved : WF.rejected;
  if (completes) {
    if (othersOpen)
      run.closeOpen = { instanceId: task.instance_id, exceptId: task.id, status: 'Completed', outcome: 'Cancelled' };
    await advance(run, act.activityId, outcome);
  }
  run.audits.push({
    action: atStart ? 'workflow.resubmit' : accepted ? 'workflow.approve' : 'workflow.reject',
    actorId: actor.id,
    actorName: actor.name,
    targetType: 'record',
    targetId: record.id,
    targetLabel: mod.display_name,
    details: {
      step: titleOf(act),
      outcome,
      comment: description,
      ...(b.data && { changes: recordChanges(v, record.data, run.data) }),
    },
  });
  const { version } = await persist(run);
  // The actor's own next tasks on this record, so a client can go straight on (e.g. "approve and next").
  const nextTasks = run.newTasks.filter((x) => x.assignee_id === actor.id && x.status === OPEN).map((x) => x.id);
  return actionResult(run, version, { outcome, nextTasks });
}

/** Reassign one open task to another user (by its assignee, or by an administrator). */
async function reassignOne(
  tx: TenantDb,
  user: AuthUser,
  taskId: unknown,
  toUser: unknown,
  message: string | null,
  admin: boolean,
): Promise<ReassignResult> {
  if (typeof toUser !== 'string' || !toUser) throw badRequest('Choose the user to reassign to.');
  const { actor, task, record, mod, v } = await openTask(tx, user, taskId, admin);
  if (mod.is_reassignment_disabled) throw forbidden('Reassignment is disabled for this app.');
  if (toUser === task.assignee_id) throw badRequest('The task is already assigned to this user.');
  const [toName, fromName] = await Promise.all([userName(tx, toUser), userName(tx, task.assignee_id)]);
  if (!toName) throw badRequest('The selected user is not available.');
  if (await holdsStep(tx, task, toUser)) throw conflict(`${toName} already has this task.`);
  const act = v.workflow.activities.find((a) => a.activityId === task.activity_id);
  if (!act) throw new HttpError(409, 'This step no longer exists in the workflow.');
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
  run.audits.push({
    action: 'workflow.reassign',
    actorId: actor.id,
    actorName: actor.name,
    targetType: 'record',
    targetId: record.id,
    targetLabel: mod.display_name,
    details: { step: titleOf(act), from: fromName ?? null, to: toName, comment: message },
  });
  run.addHistory({
    action: 'Reassign',
    activity: act,
    taskId: task.id,
    message,
    assignee: fromName ?? null,
    approval: { assigned_to: fromName ?? null, reassigned_to: toName, reAssignedTo: toUser },
    outcomes: ['Reassigned'],
  });
  const { version } = await persist(run);
  return actionResult(run, version, { taskId: newId });
}

export async function reassign(tx: TenantDb, user: AuthUser, b: ReassignInput, admin: boolean) {
  return reassignOne(tx, user, b.taskId ?? b.task_id, b.userId ?? b.assignTo, text(b.message), admin);
}

/** Administrators: reassign several open tasks to one user in one transaction (all or nothing). */
export async function reassignTasks(tx: TenantDb, user: AuthUser, b: ReassignTasksInput) {
  const out: ReassignResult[] = [];
  for (const id of new Set(b.taskIds))
    out.push(await reassignOne(tx, user, id, b.userId ?? b.assignTo, text(b.message), true));
  return out;
}

/** Send back to an earlier step: the start (the initiator gets the record back) or a step already passed. */
export async function goBack(tx: TenantDb, user: AuthUser, b: GoBackInput) {
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
  if (isStart(target)) run.addTask(target, run.initiator, { taskType: 'Resubmit', message });
  else await enter(run, target);
  run.audits.push({
    action: 'workflow.sendback',
    actorId: actor.id,
    actorName: actor.name,
    targetType: 'record',
    targetId: record.id,
    targetLabel: mod.display_name,
    details: { from: from ? titleOf(from) : null, to: titleOf(target), comment: message },
  });
  const { version } = await persist(run);
  return actionResult(run, version);
}

/** Steps a task may be sent back to: the start, and steps of this instance that had tasks before. */
export async function goBackTargets(
  tx: TenantDb,
  v: LoadedVersion,
  _record: RecordRow,
  task: { activity_id: string; instance_id: string },
) {
  const seen = await activitiesWithTasks(tx, task.instance_id);
  return v.workflow.activities
    .filter((a) => a.activityId !== task.activity_id && (isStart(a) || seen.has(a.activityId)))
    .map((a) => ({ activityId: a.activityId, title: titleOf(a), type: a.type }));
}
