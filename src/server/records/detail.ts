import { notFound } from '../http/errors.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { redactRecord, resolvePermissions, type Access } from '../../../runtime/permissions.js';
import { COMPLETE_STEP, START_STEP } from '../../../schemas/workflow-definition.js';
import { loadVersion, type LoadedVersion } from './store.js';
import { isAdmin, loadRecordFor, maySaveDraft } from '../access/index.js';
import type { RecordDetail } from './schemas.js';
import { stepOfTask } from '../engine/engine.js';
import { goBackTargets } from '../engine/actions.js';
import { OPEN, processStatus, WF } from '../engine/status.js';
import { failedCallOf } from '../engine/calls.js';
import { openTaskOf, taskOfRecord } from './queries.js';
import { commentRequired } from '../engine/interpreter.js';
import { definitionForFilling } from './filling.js';

const commentRequiredAt = (v: LoadedVersion, activityId: string) => {
  const act = v.workflow.activities.find((a) => a.activityId === activityId);
  return !!act && commentRequired(act, true);
};

/**
 * A record under the permissions of the step the viewer is at: their open task's step (taskId, or their open
 * task on the record), fs-start for a draft, fs-complete once completed; without an open task everything is
 * read-only. Hidden fields are neither in `data` nor in `definition`.
 */
export async function recordDetail(
  tdb: TenantDb,
  user: AuthUser,
  recordId: string,
  taskId?: string,
): Promise<RecordDetail> {
  const r = await loadRecordFor(tdb, user, recordId);
  const v = await loadVersion(tdb, r.module_id, r.module_version);
  const admin = isAdmin(user);
  const task = taskId ? await taskOfRecord(tdb, r.id, taskId) : await openTaskOf(tdb, r.id, user.id);
  if (taskId && (!task || (task.assignee_id !== user.id && !admin))) throw notFound('Task not found');
  const acting =
    !!task && task.status === OPEN && task.assignee_id === user.id && task.instance_id === r.workflow_instance_id;
  const step = acting
    ? stepOfTask(v, task!.activity_id)
    : r.is_draft
      ? START_STEP
      : r.workflow_completed_on
        ? COMPLETE_STEP
        : (r.workflow_activity_id ?? START_STEP);
  const resolved = resolvePermissions(v.definition, v.workflow, step, v.registry);
  const canWrite = acting || (!!r.is_draft && maySaveDraft(user, r));
  const access: Record<string, Access> = Object.fromEntries(
    Object.entries(resolved).map(([k, a]) => [k, a === 'hidden' ? 'hidden' : canWrite ? a : 'readonly']),
  );
  const data = redactRecord(JSON.parse(r.data) as Record<string, unknown>, access);
  const hidden = new Set(Object.keys(access).filter((k) => access[k] === 'hidden'));
  const mine = r.workflow_initiator_user === user.id;
  const running = !r.is_draft && !!r.workflow_instance_id && !r.workflow_completed_on;
  const atStart = !!task && stepOfTask(v, task.activity_id) === START_STEP;
  const actions = [
    ...(acting ? ['approve', ...(atStart ? [] : ['reject', 'reassign', 'goback'])] : []),
    ...(mine && running ? ['withdraw', 'reminder'] : []),
    ...(!r.is_draft && r.workflow_instance_id && (mine || admin) ? ['restart'] : []),
    ...((mine || admin) && r.workflow_status === WF.faulted && (await failedCallOf(tdb, r)) ? ['retrystep'] : []),
  ];
  const { status, display } = processStatus(r);
  return {
    id: r.id,
    module_id: r.module_id,
    module_version: r.module_version,
    version: r.version,
    is_draft: !!r.is_draft,
    data,
    access,
    step,
    // The definition as this step may see it: hidden fields are not sent at all.
    definition: definitionForFilling(v, hidden),
    task: task
      ? {
          id: task.id,
          status: task.status,
          activity_id: task.activity_id,
          activity_title: task.activity_title,
          task_type: task.task_type,
          due_on: task.due_on,
          version: task.version,
          comment_required: commentRequiredAt(v, task.activity_id),
        }
      : null,
    /** What this viewer may do now: approve, reject, reassign, goback, withdraw, reminder, restart. */
    actions,
    goBackTargets: acting && !atStart ? await goBackTargets(tdb, v, r, task!) : [],
    process_status: status,
    process_status_display: display,
    workflow_status: r.workflow_status,
    workflow_activity_id: r.workflow_activity_id,
    workflow_activity_name: r.workflow_activity_name,
    workflow_started_on: r.workflow_started_on,
    workflow_initiator_user: r.workflow_initiator_user,
    workflow_initiator_email: r.workflow_initiator_email,
    workflow_completed_on: r.workflow_completed_on,
    workflow_faulted_on: r.workflow_faulted_on,
    workflow_instance_id: r.workflow_instance_id,
    created_by: r.created_by,
    created_on: r.created_on,
    modified_on: r.modified_on,
  };
}
