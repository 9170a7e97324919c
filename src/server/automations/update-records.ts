import type { ExpressionBuilder, Selectable } from 'kysely';
import { COMPLETE_STEP, START_STEP } from '../../../schemas/workflow-definition.js';
import { assertModuleAccess, resolvePermissions, visibleRecordsWhere } from '../access/index.js';
import { audit } from '../audit/trail.js';
import { recordChanges } from '../audit/diff.js';
import type { DB, RecordsTable } from '../db/schema.js';
import { stepOfTask } from '../engine/engine.js';
import { inTransaction } from '../engine/actions.js';
import { listColumns } from '../entries/columns.js';
import { filterSql, parseFilters } from '../entries/filters.js';
import { linkFilesOfRecord } from '../files/links.js';
import { HttpError, badRequest, conflict } from '../http/errors.js';
import type { AuthUser } from '../identity/user-info.js';
import { liveModule, updateRecordData } from '../records/queries.js';
import { loadVersion } from '../records/store.js';
import { mergeWrite, writeDraft } from '../records/write.js';
import type { TenantDb } from '../tenancy/tenant-db.js';

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
    let updated = 0;
    const refused: { id: string; reason: string }[] = [];
    await inTransaction(tdb, async (tx) => {
      for (const r of rows) {
        try {
          await updateOne(tx, owner, r, spec.values, mod.display_name);
          updated++;
        } catch (err) {
          // A refusal of this record (rights, validation, a newer version) leaves it as it was; anything else fails.
          if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
          refused.push({ id: r.id, reason: err.message.slice(0, 300) });
        }
      }
    });
    done.updated += updated;
    done.refused += refused.length;
    done.batches++;
    reasons.push(...refused.slice(0, REASONS - reasons.length));
    await hooks.progress({ ...done, refusedSample: reasons });
  }
  return { ...done, refusedSample: reasons };
}

/** One record as its owner would save it: a draft through the draft save, a submitted one under its step's rules. */
async function updateOne(tx: TenantDb, owner: AuthUser, r: RecordRow, values: Record<string, unknown>, label: string) {
  if (r.is_draft) {
    await writeDraft(tx, {
      moduleId: r.module_id,
      existing: r,
      data: values,
      version: r.version,
      userId: owner.id,
      user: owner,
      access: (v) => resolvePermissions(v.definition, v.workflow, START_STEP, v.registry),
      draft: true,
    });
    return;
  }
  const v = await loadVersion(tx, r.module_id, r.module_version);
  const step = r.workflow_completed_on ? COMPLETE_STEP : stepOfTask(v, r.workflow_activity_id ?? '');
  const access = resolvePermissions(v.definition, v.workflow, step, v.registry);
  const before = JSON.parse(r.data) as Record<string, unknown>;
  const who = { tdb: tx, user: owner, moduleId: r.module_id, version: r.version + 1 };
  const data = await mergeWrite(who, v, before, values, access, { draft: false });
  const now = new Date().toISOString();
  const w = await updateRecordData(tx, r.id, r.version, {
    data: JSON.stringify(data),
    version: r.version + 1,
    modified_by: owner.id,
    modified_on: now,
  });
  if (!Number(w.numUpdatedRows)) throw conflict('Someone else changed this record meanwhile.');
  await linkFilesOfRecord(tx, { recordId: r.id, userId: owner.id, data, previous: before });
  await audit(tx, {
    action: 'record.update',
    actorId: owner.id,
    targetType: 'record',
    targetId: r.id,
    targetLabel: label,
    details: { moduleId: r.module_id, by: 'automation', changes: recordChanges(v, before, data) },
  });
}
