import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import { COMPLETE_STEP, START_STEP } from '../../../schemas/workflow-definition.js';
import { assertModuleAccess, resolvePermissions, visibleRecordsWhere } from '../access/index.js';
import { recordChanges } from '../audit/diff.js';
import { auditMany } from '../audit/trail.js';
import type { DB, RecordsTable } from '../db/schema.js';
import { stepOfTask } from '../engine/engine.js';
import { inTransaction } from '../engine/actions.js';
import { listColumns } from '../entries/columns.js';
import { filterSql, parseFilters } from '../entries/filters.js';
import { linkFilesOfRecord } from '../files/links.js';
import { HttpError, badRequest } from '../http/errors.js';
import type { AuthUser } from '../identity/user-info.js';
import { liveModule } from '../records/queries.js';
import { loadVersion, type LoadedVersion } from '../records/store.js';
import { mergeWrite } from '../records/write.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { RECORD_UPDATED, changedFields, mayStart, recordsUpdated, type EventOrigin } from './origin.js';
import type { Trigger } from './schemas.js';

/** Records written per transaction: a cancel is seen between batches, and no transaction holds the database long. */
export const UPDATE_BATCH = 500;
const SAMPLE = 5;
const REASONS = 5;

export interface UpdateSpec {
  moduleId: string;
  filters: { field: string; operator: string; value?: unknown }[];
  values: Record<string, unknown>;
}

export interface BulkHooks {
  dryRun: boolean;
  /** After each batch: what is done so far (the run's log shows it). */
  progress(p: Record<string, unknown>): Promise<void>;
  /** Asked before each batch: has someone cancelled the run? */
  cancelled(): Promise<boolean>;
  /** The automations whose run writes: carried by the record.updated events, so none of them runs again. */
  origin?: EventOrigin;
}

type RecordRow = Selectable<RecordsTable>;

/**
 * Updates an app's records that pass the list filters, as `owner`: submitted records the owner may open (the access
 * module's rule) and the owner's own drafts, each with the field rules of its step, through a user's write path
 * (optimistic version, files linked, audit trail). Batches of UPDATE_BATCH by keyset over id, each one transaction;
 * a record that may not be written (a field its step does not let the owner edit, a value that is not valid, a
 * change by someone else meanwhile) is counted as refused and left as it was.
 */
export async function updateRecordsAs(
  tdb: TenantDb,
  owner: AuthUser,
  spec: UpdateSpec,
  hooks: BulkHooks,
): Promise<Record<string, unknown>> {
  await assertModuleAccess(tdb, owner, spec.moduleId, 'edit');
  const mod = await liveModule(tdb, spec.moduleId);
  if (!mod?.published_version) throw badRequest('This app is not published yet.');
  const current = await loadVersion(tdb, mod.id, mod.published_version);
  const columns = listColumns(current, tdb.dialect);
  const filters = parseFilters(spec.filters, columns);
  const unknown = Object.keys(spec.values).filter((k) => !current.compiled.fields[k]);
  if (unknown.length) throw badRequest(`Values: ${unknown.map((k) => `'${k}'`).join(', ')} is not a field of the app`);
  if (!Object.keys(spec.values).length) throw badRequest('Values: map at least one field');

  // What the owner may write: submitted records they may open, and their own drafts.
  const mayWrite = (eb: ExpressionBuilder<DB, 'records'>) => {
    const seen = visibleRecordsWhere(eb, owner, false);
    return eb.or([
      seen ? eb.and([eb('records.is_draft', '=', 0), seen]) : eb('records.is_draft', '=', 0),
      eb.and([eb('records.is_draft', '=', 1), eb('records.created_by', '=', owner.id)]),
    ]);
  };
  const matching = () => {
    let q = tdb.selectFrom('records').where('records.module_id', '=', mod.id).where(mayWrite);
    for (const f of filters) q = q.where(filterSql(columns.get(f.column)!, f));
    return q;
  };

  if (hooks.dryRun) {
    const [n, sample] = await Promise.all([
      matching()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      matching().select(['records.id', 'records.version']).orderBy('records.id').limit(SAMPLE).execute(),
    ]);
    return {
      wouldUpdate: Number(n.n),
      sample: sample.map((r) => ({ id: r.id, version: Number(r.version) })),
      values: spec.values,
    };
  }

  const done = { updated: 0, refused: 0, batches: 0 };
  const reasons: { id: string; reason: string }[] = [];
  let after = '';
  for (;;) {
    // SQLite answers at once: without a turn of the event loop the server would hear no one (nor a cancel) till the end.
    await new Promise((r) => setImmediate(r));
    if (await hooks.cancelled())
      return { ...done, cancelled: true, note: 'Cancelled: the records updated before stay updated.' };
    // A window of the app's next UPDATE_BATCH records by id, then those of it that match: a filter's own index would
    // have each batch read (and sort) every match again, so a big update would take quadratic time.
    const window = await tdb
      .selectFrom('records')
      .select('records.id')
      .where('records.module_id', '=', mod.id)
      .where('records.id', '>', after)
      .orderBy('records.id')
      .limit(UPDATE_BATCH)
      .execute();
    if (!window.length) break;
    const end = window.at(-1)!.id;
    const rows = await matching()
      .selectAll('records')
      .where('records.id', '>', after)
      .where('records.id', '<=', end)
      .orderBy('records.id')
      .execute();
    after = end;
    if (!rows.length) continue;
    const refused: { id: string; reason: string }[] = [];
    // The new values of each record under its step's rules, read-only: a refusal leaves that record as it was.
    const planned: Planned[] = [];
    for (const r of rows) {
      try {
        planned.push(await plan(tdb, owner, r, spec.values));
      } catch (err) {
        if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
        refused.push({ id: r.id, reason: err.message.slice(0, 300) });
      }
    }
    // One statement writes the batch where each record still has the version read; a newer one is refused.
    const written = planned.length
      ? await inTransaction(tdb, (tx) => writeBatch(tx, owner, planned, mod.display_name, hooks.origin))
      : new Set<string>();
    for (const p of planned)
      if (!written.has(p.r.id)) refused.push({ id: p.r.id, reason: 'Someone else changed this record meanwhile.' });
    done.updated += written.size;
    done.refused += refused.length;
    done.batches++;
    reasons.push(...refused.slice(0, REASONS - reasons.length));
    await hooks.progress({ ...done, refusedSample: reasons });
  }
  return { ...done, refusedSample: reasons };
}

interface Planned {
  r: RecordRow;
  v: LoadedVersion;
  before: Record<string, unknown>;
  data: Record<string, unknown>;
}

/** A record's values as its owner would save them: a draft under the start's rules, a submitted one under its step's. */
async function plan(tdb: TenantDb, owner: AuthUser, r: RecordRow, values: Record<string, unknown>): Promise<Planned> {
  const v = await loadVersion(tdb, r.module_id, r.module_version);
  const draft = !!r.is_draft;
  const step = draft
    ? START_STEP
    : r.workflow_completed_on
      ? COMPLETE_STEP
      : stepOfTask(v, r.workflow_activity_id ?? '');
  const access = resolvePermissions(v.definition, v.workflow, step, v.registry);
  const before = JSON.parse(r.data) as Record<string, unknown>;
  const who = { tdb, user: owner, moduleId: r.module_id, version: r.version + 1 };
  return { r, v, before, data: await mergeWrite(who, v, before, values, access, { draft }) };
}

/**
 * Writes a batch in one UPDATE joined to the new values (version checked per row), then per batch: files linked,
 * one insert of the audit entries and one of the record.updated events (only when an automation hears them).
 * Answers the ids written.
 */
async function writeBatch(
  tx: TenantDb,
  owner: AuthUser,
  list: Planned[],
  label: string,
  origin: EventOrigin | undefined,
): Promise<Set<string>> {
  const now = new Date().toISOString();
  const ids = list.map((p) => p.r.id);
  const was = list.map((p) => p.r.version);
  const data = list.map((p) => JSON.stringify(p.data));
  const values =
    tx.dialect === 'postgres'
      ? sql`(select * from unnest(${ids}::text[], ${was}::int[], ${data}::text[]) as u(id, was, data))`
      : sql`(select json_extract(value, '$[0]') as id, json_extract(value, '$[1]') as was,
              json_extract(value, '$[2]') as data from json_each(${JSON.stringify(ids.map((id, i) => [id, was[i], data[i]]))}))`;
  const out = await tx
    .updateTable('records')
    .from(values.as('v') as never)
    .set({
      data: sql<string>`v.data`,
      version: sql<number>`records.version + 1`,
      modified_by: owner.id,
      modified_on: now,
    })
    // The ids again, as a list the planner looks up by key (a join alone may scan the tenant's records per batch).
    .where('records.id', 'in', ids)
    .where(sql<boolean>`records.id = v.id and records.version = v.was`)
    .returning('records.id')
    .execute();
  const written = new Set(out.map((r) => r.id));
  const done = list.filter((p) => written.has(p.r.id));
  if (!done.length) return written;
  for (const p of done)
    await linkFilesOfRecord(tx, { recordId: p.r.id, userId: owner.id, data: p.data, previous: p.before });
  await auditMany(
    tx,
    done.map((p) => ({
      action: 'record.update',
      actorId: owner.id,
      targetType: 'record',
      targetId: p.r.id,
      targetLabel: label,
      details: { moduleId: p.r.module_id, by: 'automation', changes: recordChanges(p.v, p.before, p.data) },
    })),
  );
  if (await anyoneHears(tx, done[0]!.r.module_id, origin))
    await recordsUpdated(
      tx,
      done.map((p) => ({
        recordId: p.r.id,
        moduleId: p.r.module_id,
        version: p.r.version + 1,
        actorId: owner.id,
        at: now,
        changed: changedFields(p.before, p.data),
        origin,
      })),
    );
  return written;
}

/** Whether an active automation other than those of the chain listens to this app's updates (else no event rows). */
async function anyoneHears(tx: TenantDb, moduleId: string, origin: EventOrigin | undefined) {
  const active = await tx.selectFrom('automations').select(['id', 'trigger']).where('active', '=', 1).execute();
  return active.some((a) => {
    const t = JSON.parse(a.trigger) as Trigger;
    const hears = t.kind === 'record' && t.moduleId === moduleId && (t.events as string[]).includes(RECORD_UPDATED);
    return hears && mayStart(a.id, origin);
  });
}
