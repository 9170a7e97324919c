import type { Updateable } from 'kysely';
import type { RecordsTable, WorkflowInstancesTable } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import type { RecordRow } from '../records/store.js';
import { loadVersion } from '../records/store.js';
import { COMPLETE_STEP } from '../../../schemas/workflow-definition.js';
import { auditMany, type AuditEntry } from '../audit/trail.js';
import { conflict } from '../http/errors.js';
import { Run } from './engine.js';
import { noticeRows, webhookRow } from './effects.js';
import { actorFor, moduleOf } from './reads.js';
import { faultedStep, isOpen, planMigration } from './admin-actions.js';
import { OPEN, RACE, WF } from './status.js';
import { outboxRow } from './write.js';

// Migration of many instances in one short transaction (the process console's migrate job on PostgreSQL): the
// records are locked and read together, each run is planned in memory as migrateProcess plans it, and the plans
// are written with a few set-based statements instead of one transaction per instance.

export interface BatchInput {
  /** Each record with the version the job saw; one changed since is left to the caller (a concurrent approval). */
  records: { id: string; version: number }[];
  message?: string | null;
  mapping?: Record<string, string> | null;
}

export interface BatchOutcome {
  /** Migrated (or already at the newest version). */
  done: string[];
  /** Changed since the job saw them, or not plannable here: the caller runs these one by one. */
  retry: string[];
}

const INSERT_ROWS = 200;

/** Migrates the records of one module to its newest version; the caller wraps this in one transaction. */
export async function migrateBatch(tx: TenantDb, user: AuthUser, b: BatchInput): Promise<BatchOutcome> {
  const out: BatchOutcome = { done: [], retry: [] };
  if (!user.isSysAdmin || !b.records.length) return { done: [], retry: b.records.map((r) => r.id) };
  const seen = new Map(b.records.map((r) => [r.id, r.version]));
  // Locked in id order (the order every chunk takes); an approval in flight finishes first, then shows as stale.
  const rows = await tx
    .selectFrom('records')
    .selectAll()
    .where('id', 'in', [...seen.keys()])
    .orderBy('id')
    .$if(tx.dialect === 'postgres', (q) => q.forUpdate())
    .execute();
  const found = new Set(rows.map((r) => r.id));
  for (const id of seen.keys()) if (!found.has(id)) out.retry.push(id);
  const moduleIds = new Set(rows.map((r) => r.module_id));
  if (moduleIds.size !== 1) return { done: [], retry: [...seen.keys()] };
  const moduleId = rows[0]!.module_id;
  const m = await tx.selectFrom('modules').select('published_version').where('id', '=', moduleId).executeTakeFirst();
  if (!m?.published_version) return { done: [], retry: [...seen.keys()] };
  const newest = m.published_version;
  const [mod, to, actor] = await Promise.all([
    moduleOf(tx, moduleId),
    loadVersion(tx, moduleId, newest),
    actorFor(tx, user),
  ]);
  const fresh: RecordRow[] = [];
  for (const r of rows) {
    if (r.version !== seen.get(r.id) || !isOpen(r) || !r.workflow_instance_id) out.retry.push(r.id);
    else if (r.module_version >= newest) out.done.push(r.id);
    else fresh.push(r);
  }
  const steps = await stepsOf(tx, fresh);
  const runs: Run[] = [];
  const notes: AuditEntry[] = [];
  const reads = sharedReads(tx);
  for (const r of fresh) {
    const run = new Run(reads, actor, r, mod, to, 'connector');
    try {
      const remapped = await planMigration(run, steps.get(r.id) ?? [], newest, b);
      // Writes a migration never plans are not written here (writeRuns): such a run goes one by one.
      if (run.actedTask || run.closeInstance || run.instanceInsert || run.closeOpen?.exceptId) throw conflict(RACE);
      notes.push({
        action: 'process.migrate',
        actorId: actor.id,
        actorName: actor.name,
        targetType: 'record',
        targetId: r.id,
        targetLabel: mod.display_name,
        details: { from: r.module_version, to: newest, remapped },
      });
      runs.push(run);
    } catch {
      // Its error (a step with no mapping) is reported by the one-by-one path.
      out.retry.push(r.id);
    }
  }
  await writeRuns(tx, runs);
  await auditMany(tx, notes);
  out.done.push(...runs.map((r) => r.record.id));
  return out;
}

/** Current steps of each record (as currentSteps reads them one by one): open tasks' steps, else where it stands. */
async function stepsOf(tx: TenantDb, records: RecordRow[]): Promise<Map<string, string[]>> {
  const byInstance = new Map(records.map((r) => [r.workflow_instance_id!, r]));
  const steps = new Map<string, string[]>();
  if (!records.length) return steps;
  const open = await tx
    .selectFrom('tasks')
    .select(['instance_id', 'activity_id'])
    .distinct()
    .where('instance_id', 'in', [...byInstance.keys()])
    .where('status', '=', OPEN)
    .execute();
  for (const t of open) {
    const id = byInstance.get(t.instance_id)!.id;
    steps.set(id, [...(steps.get(id) ?? []), t.activity_id]);
  }
  for (const r of records) {
    if (steps.has(r.id)) continue;
    const at = r.workflow_status === WF.faulted ? await faultedStep(tx, r) : r.workflow_activity_id;
    steps.set(r.id, at && at !== COMPLETE_STEP ? [at] : []);
  }
  return steps;
}

/**
 * Writes the plans as persist writes one (write.ts), grouped: runs whose record (or instance) gets the same values
 * share one UPDATE guarded by the version each was read at; tasks closed by one UPDATE; every inserted row of the
 * batch in multi-row INSERTs. A guard that misses throws 409, and the caller's transaction rolls the batch back.
 */
async function writeRuns(tx: TenantDb, runs: Run[]) {
  if (!runs.length) return;
  const now = new Date().toISOString();
  const records = new Map<string, { set: Updateable<RecordsTable>; was: number; ids: string[] }>();
  const instances = new Map<string, { set: Updateable<WorkflowInstancesTable>; ids: string[] }>();
  const closes = new Map<string, { status: string; outcome: string; ids: string[] }>();
  const inserts = { tasks: [] as object[], history: [] as object[], calls: [] as object[] };
  const outbox: object[] = [];
  const notifications: object[] = [];
  for (const run of runs) {
    const r = run.record;
    const set = { ...run.patch, modified_by: run.actor.id, modified_on: now, version: r.version + 1 };
    group(records, JSON.stringify([set, r.version]), { set, was: r.version, ids: [] }).ids.push(r.id);
    if (run.instanceSet && run.instanceId)
      group(instances, JSON.stringify(run.instanceSet), { set: run.instanceSet, ids: [] }).ids.push(run.instanceId);
    if (run.closeOpen) {
      const c = run.closeOpen;
      group(closes, `${c.status}\u0000${c.outcome}`, { status: c.status, outcome: c.outcome, ids: [] }).ids.push(
        c.instanceId,
      );
    }
    inserts.tasks.push(...run.newTasks);
    inserts.history.push(...run.history);
    inserts.calls.push(...run.calls);
    const n = await noticeRows(run, r.version + 1);
    const hook = webhookRow(run, r.version + 1);
    if (hook) n.outbox.push(hook);
    notifications.push(...n.notifications);
    outbox.push(...n.outbox.map((o) => outboxRow(o, now)));
  }
  // The record first, as in every transition (one lock order).
  for (const g of records.values()) {
    const r = await tx
      .updateTable('records')
      .set(g.set)
      .where('id', 'in', g.ids)
      .where('version', '=', g.was)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== g.ids.length) throw conflict(RACE);
  }
  for (const g of closes.values())
    await tx
      .updateTable('tasks')
      .set((eb) => ({
        status: g.status as never,
        outcome: g.outcome,
        completed_on: now,
        version: eb('version', '+', 1),
      }))
      .where('instance_id', 'in', g.ids)
      .where('status', '=', OPEN)
      .execute();
  for (const g of instances.values())
    await tx.updateTable('workflow_instances').set(g.set).where('id', 'in', g.ids).execute();
  for (const part of chunks(inserts.tasks)) await tx.insertInto('tasks', part as never).execute();
  for (const part of chunks(inserts.history)) await tx.insertInto('activity_history', part as never).execute();
  for (const part of chunks(inserts.calls)) await tx.insertInto('workflow_calls', part as never).execute();
  // An entry (or its notification) already written for its key is not written twice.
  for (const part of chunks(outbox))
    await tx
      .insertInto('outbox', part as never)
      .onConflict((oc) => oc.columns(['tenant_id', 'idempotency_key']).doNothing())
      .execute();
  for (const part of chunks(notifications))
    await tx
      .insertInto('notifications', part as never)
      .onConflict((oc) => oc.columns(['tenant_id', 'source_key']).doNothing())
      .execute();
}

/**
 * The transaction, with the walk's prepared reads of active users (an assignment's approvers) answered once per
 * batch: the same step of the same version asks the same question for every run.
 */
function sharedReads(tx: TenantDb): TenantDb {
  const memo = new Map<string, ReturnType<TenantDb['prepared']>>();
  const prepared: TenantDb['prepared'] = (key, build, values) => {
    if (!key.startsWith('engine.activeUsers:')) return tx.prepared(key, build, values);
    const k = `${key}\u0000${JSON.stringify(values)}`;
    let hit = memo.get(k);
    if (!hit) memo.set(k, (hit = tx.prepared(key, build, values)));
    return hit as never;
  };
  return new Proxy(tx, {
    get: (target, p) => {
      if (p === 'prepared') return prepared;
      const v: unknown = Reflect.get(target, p, target);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

function group<V>(m: Map<string, V>, key: string, empty: V): V {
  let g = m.get(key);
  if (!g) m.set(key, (g = empty));
  return g;
}

function* chunks<T>(rows: T[]) {
  for (let i = 0; i < rows.length; i += INSERT_ROWS) yield rows.slice(i, i + INSERT_ROWS);
}
