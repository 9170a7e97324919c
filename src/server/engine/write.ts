import type { Updateable } from 'kysely';
import type { RecordsTable, TasksTable } from '../db/schema.js';
import type { TenantDb, TenantWrite } from '../tenancy/tenant-db.js';
import { conflict } from '../http/errors.js';
import { objectParams, param, rowParams } from '../db/prepared-query.js';
import type { Run } from './engine.js';
import { noticeRows, webhookRow, type OutboxRow } from './effects.js';
import { OPEN, RACE } from './status.js';
import { audited, auditRow } from '../audit/trail.js';

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

/**
 * Writes a run's plan. Every write is prepared per shape (prepared-query.ts) and all go as one batch: one statement
 * on PostgreSQL. Any stale version throws 409 and the caller's transaction rolls everything back.
 */
export async function persist(run: Run): Promise<{ version: number }> {
  const version = run.record.version + 1;
  const { outbox, notifications } = await noticeRows(run, version);
  const hook = webhookRow(run, version);
  if (hook) outbox.push(hook);
  const values: Record<string, unknown> = { now: run.now };
  const parts: TenantWrite[] = [
    versionedUpdate(
      'records',
      'r',
      run.record,
      { ...run.patch, modified_by: run.actor.id, modified_on: run.now },
      values,
    ),
  ];
  if (run.actedTask) parts.push(versionedUpdate('tasks', 't', run.actedTask, run.actedTask.set, values));
  if (run.closeOpen) {
    const c = run.closeOpen;
    Object.assign(values, { 'c:instance': c.instanceId, 'c:status': c.status, 'c:outcome': c.outcome });
    if (c.exceptId) values['c:except'] = c.exceptId;
    parts.push({
      key: `closeOpen:${!!c.exceptId}`,
      build: (t) =>
        t
          .updateTable('tasks')
          .set((eb) => ({
            status: param('c:status'),
            outcome: param('c:outcome'),
            completed_on: param('now'),
            version: eb('version', '+', 1),
          }))
          .where('instance_id', '=', param('c:instance'))
          .where('status', '=', OPEN)
          .$if(!!c.exceptId, (q) => q.where('id', '!=', param('c:except'))),
    });
  }
  if (run.closeInstance) {
    Object.assign(values, { 'ci:id': run.closeInstance.id, 'ci:status': run.closeInstance.status });
    parts.push({
      key: 'closeInstance',
      build: (t) =>
        t
          .updateTable('workflow_instances')
          .set({ status: param('ci:status'), finished_on: param('now') })
          .where('id', '=', param('ci:id'))
          .where('finished_on', 'is', null),
    });
  }
  if (run.instanceSet && run.instanceId) {
    const is = objectParams(run.instanceSet, 'is.', values);
    values['is:id'] = run.instanceId;
    parts.push({
      key: `instanceSet:${is.shape}`,
      build: (t) => t.updateTable('workflow_instances').set(is.row).where('id', '=', param('is:id')),
    });
  }
  type Table =
    'workflow_instances' | 'tasks' | 'activity_history' | 'outbox' | 'notifications' | 'workflow_calls' | 'audit_inbox';
  const inserts: [string, Table, object[]][] = [
    ['ii', 'workflow_instances', run.instanceInsert ? [run.instanceInsert] : []],
    ['nt', 'tasks', run.newTasks],
    ['h', 'activity_history', run.history],
    ['o', 'outbox', outbox.map((o) => outboxRow(o, run.now))],
    ['n', 'notifications', notifications],
    ['wc', 'workflow_calls', run.calls],
    ['a', 'audit_inbox', run.audits.map((e) => auditRow(run.tx, e, run.now))],
  ];
  for (const [prefix, table, rows] of inserts) {
    if (!rows.length) continue;
    const p = rowParams(rows, `${prefix}.`, values);
    parts.push({
      key: `insert.${table}:${p.shape}`,
      build: (t) => {
        const q = t.insertInto(table, p.rows as never);
        // An entry (or its notification) already written for its key is not written twice.
        if (table === 'outbox') return q.onConflict((oc) => oc.columns(['tenant_id', 'idempotency_key']).doNothing());
        if (table === 'notifications') return q.onConflict((oc) => oc.columns(['tenant_id', 'source_key']).doNothing());
        return q;
      },
    });
  }
  const counts = await run.tx.writeBatch(parts, values);
  if (parts.some((p, i) => p.mustAffect && !counts[i])) throw conflict(RACE);
  if (run.audits.length) audited(run.tx.tenantId);
  return { version };
}

/** An outbox row of a transition's effect, due now. */
export const outboxRow = (o: OutboxRow, now: string) => ({
  kind: o.kind,
  idempotency_key: o.key,
  payload: JSON.stringify(o.payload),
  status: 'pending' as const,
  attempts: 0,
  available_at: now,
  last_error: null,
  created_on: now,
  delivered_on: null,
});

/**
 * The optimistic-lock update every action makes of its record (and of the task it acts on): the new values and
 * version = was + 1, where the row still has version `was` (and a task is still open); affecting nothing is a 409.
 */
function versionedUpdate(
  table: 'records' | 'tasks',
  prefix: string,
  row: { id: string; version: number },
  set: Updateable<RecordsTable> | Updateable<TasksTable>,
  values: Record<string, unknown>,
): TenantWrite {
  const s = objectParams({ ...set, version: row.version + 1 }, `${prefix}.`, values);
  Object.assign(values, { [`${prefix}:id`]: row.id, [`${prefix}:was`]: row.version });
  return {
    key: `${table}.versioned:${s.shape}`,
    build: (t) => {
      const q = t
        .updateTable(table)
        .set(s.row as never)
        .where('id', '=', param(`${prefix}:id`))
        .where('version', '=', param<number>(`${prefix}:was`));
      return table === 'tasks' ? q.where('status', '=', OPEN) : q;
    },
    mustAffect: true,
  };
}
