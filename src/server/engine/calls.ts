import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { conflict, forbidden } from '../http/errors.js';
import { loadVersion } from '../records/store.js';
import { Run, type Actor } from './engine.js';
import { advance, enter } from './interpreter.js';
import { moduleOf, submittedRecord } from './reads.js';
import { persist } from './write.js';
import { actionResult, text } from './results.js';
import type { ActionResult, RecordActionInput } from './schemas.js';
import { WF } from './status.js';

/** Who settles a connector step: the platform itself (history shows it as such). */
export const SYSTEM_ACTOR: Actor = { id: 'system', name: 'System', email: '', isAdmin: true };

export type SettleCallInput = {
  callId: string;
  /** The answer's values for fields, or why the last try failed. */
  outputs?: Record<string, unknown>;
  error?: string;
  connectorName: string;
};

/**
 * Ends a connector step: with outputs, they go into the record's fields (only fields of its form) and the process
 * goes on from the step with Done; with an error, the process faults at the step with the reason. A call whose
 * process has moved on meanwhile (withdrawn, restarted) is marked stale and changes nothing.
 */
export async function settleCall(tx: TenantDb, p: SettleCallInput): Promise<{ settled: boolean }> {
  const call = await tx.selectFrom('workflow_calls').selectAll().where('id', '=', p.callId).executeTakeFirst();
  if (!call || call.status !== 'pending') return { settled: false };
  const record = await tx.selectFrom('records').selectAll().where('id', '=', call.record_id).executeTakeFirst();
  const now = new Date().toISOString();
  const mark = (status: 'done' | 'failed' | 'stale') =>
    tx
      .updateTable('workflow_calls')
      .set({ status, finished_on: now, lease_until: null, last_error: p.error ?? null })
      .where('id', '=', call.id)
      .execute();
  if (
    !record ||
    record.workflow_instance_id !== call.instance_id ||
    record.workflow_activity_id !== call.activity_id ||
    record.workflow_completed_on
  ) {
    await mark('stale');
    return { settled: false };
  }
  const [mod, v] = await Promise.all([
    moduleOf(tx, record.module_id),
    loadVersion(tx, record.module_id, record.module_version),
  ]);
  const run = new Run(tx, SYSTEM_ACTOR, record, mod, v, 'connector');
  const act = run.activity(call.activity_id);
  if (p.error !== undefined || !act) {
    const reason = `The data connector ${p.connectorName} failed: ${p.error ?? 'the step no longer exists'}`;
    run.fault(reason, act);
    await mark('failed');
  } else {
    const known = Object.fromEntries(Object.entries(p.outputs ?? {}).filter(([k]) => k in v.compiled.fields));
    if (Object.keys(known).length) {
      run.data = { ...run.data, ...known };
      run.patch.data = JSON.stringify(run.data);
    }
    run.addHistory({
      action: 'Connector',
      activity: act,
      message: `${p.connectorName} answered`,
      outcomes: ['Done'],
    });
    await advance(run, act.activityId, 'Done');
    await mark('done');
  }
  await persist(run);
  return { settled: true };
}

/** The connector call that faulted a record's process at its current step, if that is how it stopped. */
export async function failedCallOf(
  tx: TenantDb,
  r: { id: string; workflow_instance_id: string | null; workflow_activity_id: string | null },
) {
  if (!r.workflow_instance_id || !r.workflow_activity_id) return undefined;
  return tx
    .selectFrom('workflow_calls')
    .select(['id', 'connector_id'])
    .where('record_id', '=', r.id)
    .where('instance_id', '=', r.workflow_instance_id)
    .where('activity_id', '=', r.workflow_activity_id)
    .where('status', '=', 'failed')
    .orderBy('created_on', 'desc')
    .executeTakeFirst();
}

/**
 * Tries a connector step again after it faulted the process (the other system is back): the process runs again from
 * that step, with the record's values as they are now. The initiator or an administrator may.
 */
export async function retryStep(
  tx: TenantDb,
  user: AuthUser,
  actor: Actor,
  b: RecordActionInput,
): Promise<ActionResult> {
  const { record, mod, v } = await submittedRecord(tx, user, b.recordId ?? b.record_id);
  if (record.workflow_initiator_user !== actor.id && !actor.isAdmin)
    throw forbidden('Only the person who submitted this record or an administrator can try the step again.');
  const failed = record.workflow_status === WF.faulted ? await failedCallOf(tx, record) : undefined;
  const run = new Run(tx, actor, record, mod, v, 'connector');
  const act = failed ? run.activity(record.workflow_activity_id!) : undefined;
  if (!failed || !act) throw conflict('This process did not stop at a step that calls a data connector.');
  Object.assign(run.patch, { workflow_status: WF.submitted, workflow_faulted_on: null });
  run.instanceSet = { status: 'Running', finished_on: null, fault: null };
  run.addHistory({ action: 'Retry', activity: act, message: text(b.message), outcomes: ['Retried'] });
  await enter(run, act);
  const { version } = await persist(run);
  return actionResult(run, version);
}
