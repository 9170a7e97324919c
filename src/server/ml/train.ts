import type { Database } from '../db/database.js';
import { TenantDb } from '../tenancy/tenant-db.js';
import { loadVersion } from '../records/store.js';
import { predict, train, type NbModel } from './classifier.js';
import {
  appsWithServices,
  chosenTargets,
  modelsOf,
  replaceModels,
  submittedCount,
  trainingRows,
  type ModelRow,
} from './queries.js';
import { servicesOfApp, targetsOf, textFieldsOf } from './targets.js';

/** Retrain once this many records were submitted since the last training. */
export const RETRAIN_EVERY = 50;
/** Train on at most the newest this many records. */
const MAX_EXAMPLES = 5000;

/** Every HOLDOUT_EVERY-th example is held out to measure the model (once there are enough of them). */
const HOLDOUT_EVERY = 5;
const MIN_FOR_HOLDOUT = 10;

type Example = { text: string; value: string };

/** Trains on all but every fifth example and counts how many of those the model predicts right. */
export function holdoutCheck(examples: Example[]): { right: number; total: number } {
  if (examples.length < MIN_FOR_HOLDOUT) return { right: 0, total: 0 };
  const held = examples.filter((_, i) => i % HOLDOUT_EVERY === HOLDOUT_EVERY - 1);
  const model = train(examples.filter((_, i) => i % HOLDOUT_EVERY !== HOLDOUT_EVERY - 1));
  if (!model) return { right: 0, total: 0 };
  return { right: held.filter((e) => predict(model, e.text)?.value === e.value).length, total: held.length };
}

const textOf = (data: Record<string, unknown>, fields: string[]) =>
  fields
    .map((f) => data[f])
    .filter((v): v is string => typeof v === 'string')
    .join('\n');

/**
 * Trains the app's models from its own submitted records (this tenant's only: `tdb` is tenant-scoped), one per
 * target field of its published version; answers how many fields got a usable model.
 */
export async function trainApp(tdb: TenantDb, settings: string, moduleId: string): Promise<number> {
  const m = await tdb
    .selectFrom('modules')
    .select(['ml_service_id', 'published_version'])
    .where('id', '=', moduleId)
    .where('deleted_on', 'is', null)
    .executeTakeFirst();
  if (!m?.published_version) return 0;
  const v = await loadVersion(tdb, moduleId, m.published_version);
  const services = servicesOfApp(m.ml_service_id, settings);
  const targets = targetsOf(v.definition, services, await chosenTargets(tdb, moduleId));
  const texts = textFieldsOf(v.definition);
  const seen = await submittedCount(tdb, moduleId);
  const rows = targets.length && texts.length ? await trainingRows(tdb, moduleId, MAX_EXAMPLES) : [];
  const data = rows.map((r) => JSON.parse(r.data) as Record<string, unknown>);
  const now = new Date().toISOString();
  const out: ModelRow[] = targets.map((t) => {
    const allowed = new Set(t.options.map((o) => o.value));
    const examples = data
      .filter((d) => typeof d[t.name] === 'string' && allowed.has(d[t.name] as string))
      .map((d) => ({ text: textOf(d, texts), value: d[t.name] as string }));
    const model: NbModel | null = train(examples) ?? null;
    const check = model ? holdoutCheck(examples) : { right: 0, total: 0 };
    return {
      field: t.name,
      model: JSON.stringify(model),
      records_seen: seen,
      trained_version: v.version,
      trained_on: now,
      holdout_right: check.right,
      holdout_total: check.total,
    };
  });
  await replaceModels(tdb, moduleId, out);
  return out.filter((r) => r.model !== 'null').length;
}

/**
 * Whether the app's models are stale: none yet, another published version, RETRAIN_EVERY new records, or (while
 * no model is usable) any new record.
 */
export async function isStale(tdb: TenantDb, moduleId: string, version: number): Promise<boolean> {
  const models = await modelsOf(tdb, moduleId);
  if (!models.length) return true;
  const seen = await submittedCount(tdb, moduleId);
  return models.some(
    (m) =>
      m.trained_version !== version ||
      seen - m.records_seen >= RETRAIN_EVERY ||
      (m.model === 'null' && seen !== m.records_seen),
  );
}

/** One pass over every tenant's apps with a service: retrains the stale ones; answers how many it trained. */
export async function retrainSweep(db: Database): Promise<number> {
  let trained = 0;
  const tenants = await db.system
    .selectFrom('tenants')
    .select(['id', 'settings'])
    .where('status', '=', 'active')
    .execute();
  for (const t of tenants) {
    const tdb = new TenantDb(t.id, db.forTenant(t.id));
    for (const app of await appsWithServices(tdb)) {
      if (!servicesOfApp(app.ml_service_id, t.settings).length) continue;
      if (!(await isStale(tdb, app.id, app.published_version!))) continue;
      await trainApp(tdb, t.settings, app.id);
      trained++;
    }
  }
  return trained;
}
