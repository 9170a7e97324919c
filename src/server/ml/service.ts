import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { assertModuleAccess, resolvePermissions } from '../access/index.js';
import type { Access } from '../../../runtime/permissions.js';
import { badRequest, notFound } from '../http/errors.js';
import { recordDetail } from '../records/detail.js';
import { liveModule } from '../records/queries.js';
import { loadVersion } from '../records/store.js';
import { START_STEP } from '../../../schemas/workflow-definition.js';
import { predict, type NbModel } from './classifier.js';
import { chosenTargets, modelsOf } from './queries.js';
import { servicesOfApp, targetsOf, textFieldsOf } from './targets.js';
import { isStale, trainApp } from './train.js';
import type { ModelStatus, SuggestBody, Suggestion } from './schemas.js';

/** Below this confidence nothing is suggested (a guess would only distract). */
const MIN_CONFIDENCE = 0.4;

/**
 * The field access of the user filling the form: at the record's step when one is named (a record they may open),
 * else at the start of a new record of an app whose records they may create.
 */
async function accessFor(tdb: TenantDb, user: AuthUser, moduleId: string, b: SuggestBody) {
  if (b.recordId) {
    const d = await recordDetail(tdb, user, b.recordId, b.taskId);
    if (d.module_id !== moduleId) throw notFound('Record not found');
    return { access: d.access as Record<string, Access>, version: d.module_version };
  }
  await assertModuleAccess(tdb, user, moduleId, 'create');
  const m = await liveModule(tdb, moduleId);
  if (!m?.published_version) throw badRequest('This app is not published yet.');
  const v = await loadVersion(tdb, moduleId, m.published_version);
  return { access: resolvePermissions(v.definition, v.workflow, START_STEP, v.registry), version: v.version };
}

/**
 * Suggestions for the app's target fields the user may edit now, from the text fields they can see. The models
 * hold token counts only, so no other record's content can come back; values are options of the form.
 */
export async function suggest(
  tdb: TenantDb,
  user: AuthUser,
  settings: string,
  moduleId: string,
  b: SuggestBody,
): Promise<Suggestion[]> {
  const { access, version } = await accessFor(tdb, user, moduleId, b);
  const app = await tdb
    .selectFrom('modules')
    .select(['ml_service_id', 'published_version'])
    .where('id', '=', moduleId)
    .executeTakeFirst();
  const services = servicesOfApp(app?.ml_service_id ?? null, settings);
  if (!app?.published_version || !services.length) return [];
  const v = await loadVersion(tdb, moduleId, version);
  const targets = targetsOf(v.definition, services, await chosenTargets(tdb, moduleId)).filter(
    (t) => access[t.name] === 'editable',
  );
  const text = textFieldsOf(v.definition)
    .filter((f) => access[f] !== undefined && access[f] !== 'hidden')
    .map((f) => b.values[f])
    .filter((x): x is string => typeof x === 'string')
    .join('\n');
  if (!targets.length || !text.trim()) return [];
  // Until a model is usable a request trains at once (few records: quick); retraining a usable one is left to the
  // background sweep.
  let models = await modelsOf(tdb, moduleId);
  if (models.every((m) => m.model === 'null') && (await isStale(tdb, moduleId, app.published_version))) {
    await trainApp(tdb, settings, moduleId);
    models = await modelsOf(tdb, moduleId);
  }
  const out: Suggestion[] = [];
  for (const t of targets) {
    const row = models.find((m) => m.field === t.name);
    const model = row ? (JSON.parse(row.model) as NbModel | null) : null;
    if (!model) continue;
    const p = predict(model, text, new Set(t.options.map((o) => o.value)));
    if (!p || p.confidence < MIN_CONFIDENCE) continue;
    const label = t.options.find((o) => o.value === p.value)?.label ?? p.value;
    out.push({ field: t.name, value: p.value, label, confidence: Math.round(p.confidence * 1000) / 1000 });
  }
  return out;
}

/** The app's models as its designer sees them (counts only). */
export async function modelStatus(tdb: TenantDb, moduleId: string): Promise<ModelStatus[]> {
  if (!(await liveModule(tdb, moduleId))) throw notFound('App not found');
  return (await modelsOf(tdb, moduleId)).map((m) => {
    const model = JSON.parse(m.model) as NbModel | null;
    return {
      field: m.field,
      ready: !!model,
      examples: model?.docs ?? 0,
      values: model ? Object.keys(model.classes).length : 0,
      recordsSeen: m.records_seen,
      trainedVersion: m.trained_version,
      trainedOn: m.trained_on,
      heldOut: m.holdout_total,
      accuracy: m.holdout_total ? Math.round((m.holdout_right / m.holdout_total) * 1000) / 1000 : null,
    };
  });
}

/** Retrains the app now (its designer's button; the background sweep does it otherwise). */
export async function retrainNow(tdb: TenantDb, settings: string, moduleId: string): Promise<ModelStatus[]> {
  if (!(await liveModule(tdb, moduleId))) throw notFound('App not found');
  await trainApp(tdb, settings, moduleId);
  return modelStatus(tdb, moduleId);
}
