import { loadRecordFor } from '../access/index.js';
import { actorFor, inTransaction, submit } from '../engine/actions.js';
import { OPEN } from '../engine/status.js';
import { approve } from '../engine/task-actions.js';
import { badRequest, conflict, forbidden } from '../http/errors.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';

export interface WorkflowAction {
  action: 'start' | 'approve' | 'reject';
  recordId: string;
  step?: string;
  comment?: string;
}

/**
 * A record's workflow moved on as the owner, through the engine's own actions: `start` submits the owner's draft
 * (required fields checked as at a submit), `approve` / `reject` decides the owner's open task at the named step (by
 * its title or id). A dry run checks the same and says what it would do.
 */
export async function workflowAs(tdb: TenantDb, owner: AuthUser, a: WorkflowAction, dryRun: boolean) {
  const recordId = a.recordId.trim();
  if (!recordId) throw badRequest('Record: no record id (is the template filled by an earlier step?)');
  if (a.action === 'start') {
    const r = await loadRecordFor(tdb, owner, recordId);
    if (!r.is_draft) throw conflict('This record has been submitted already.');
    if (r.created_by !== owner.id) throw forbidden('Only the person who created this record can submit it.');
    if (dryRun) return { wouldStart: recordId };
    const done = await inTransaction(tdb, async (tx) =>
      submit(tx, owner, await actorFor(tx, owner), { moduleId: r.module_id, recordId, version: r.version, data: {} }),
    );
    return { started: recordId, status: done.workflow_status ?? null, version: done.version };
  }
  const step = (a.step ?? '').trim();
  if (!step) throw badRequest('Step: name the step whose task is decided');
  const comment = (a.comment ?? '').trim();
  if (a.action === 'reject' && !comment) throw badRequest('Comment: a rejection needs a reason');
  // The record first: one the owner may not open is "not found", whatever tasks it has.
  await loadRecordFor(tdb, owner, recordId);
  const task = await tdb
    .selectFrom('tasks')
    .select(['id', 'activity_title'])
    .where('record_id', '=', recordId)
    .where('status', '=', OPEN)
    .where('assignee_id', '=', owner.id)
    .where((eb) => eb.or([eb('activity_title', '=', step), eb('activity_id', '=', step)]))
    .orderBy('started_on')
    .executeTakeFirst();
  if (!task) throw forbidden(`The owner has no open task at step '${step}' of this record.`);
  const accepted = a.action === 'approve';
  if (dryRun) return { [accepted ? 'wouldApprove' : 'wouldReject']: task.id, step: task.activity_title, recordId };
  const done = await inTransaction(tdb, (tx) =>
    approve(tx, owner, { taskId: task.id, accepted, ...(comment ? { description: comment } : {}) }),
  );
  return { taskId: task.id, step: task.activity_title, outcome: done.outcome, recordId };
}
