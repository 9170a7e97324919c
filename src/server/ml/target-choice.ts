import type { TenantDb } from '../tenancy/tenant-db.js';
import { badRequest, notFound } from '../http/errors.js';
import { loadVersion } from '../records/store.js';
import { chosenTargets, saveTargets } from './queries.js';
import { choiceFieldsOf, servicesOfApp, suggestsSeveral, targetsOf } from './targets.js';
import { trainApp } from './train.js';
import type { TargetChoice } from './schemas.js';

async function appOf(tdb: TenantDb, moduleId: string) {
  const app = await tdb
    .selectFrom('modules')
    .select(['ml_service_id', 'published_version'])
    .where('id', '=', moduleId)
    .where('deleted_on', 'is', null)
    .executeTakeFirst();
  if (!app) throw notFound('App not found');
  return app;
}

/** Which fields of the published form the app's services suggest, and which they could. */
export async function targetChoice(tdb: TenantDb, settings: string, moduleId: string): Promise<TargetChoice> {
  const app = await appOf(tdb, moduleId);
  const services = servicesOfApp(app.ml_service_id, settings);
  const chosen = await chosenTargets(tdb, moduleId);
  if (!app.published_version)
    return { published: false, several: suggestsSeveral(services), available: [], chosen: [], custom: !!chosen };
  const v = await loadVersion(tdb, moduleId, app.published_version);
  const labels = new Map(
    v.definition.fieldGroups.flatMap((g) => g.rows.flatMap((r) => r.fields.map((f) => [f.name, f.label ?? f.name]))),
  );
  return {
    published: true,
    several: suggestsSeveral(services),
    available: choiceFieldsOf(v.definition).map((c) => ({ name: c.name, label: String(labels.get(c.name) ?? c.name) })),
    chosen: targetsOf(v.definition, services, chosen).map((t) => t.name),
    custom: !!chosen?.length,
  };
}

/**
 * Keeps the designer's choice and retrains at once, so the status shows the new fields. Several fields need a
 * service that takes several (the licensed one); each must be a choice field of the published form.
 */
export async function chooseTargets(
  tdb: TenantDb,
  settings: string,
  moduleId: string,
  fields: string[],
): Promise<TargetChoice> {
  const app = await appOf(tdb, moduleId);
  const services = servicesOfApp(app.ml_service_id, settings);
  if (!services.length) throw badRequest('This app has no machine-learning service the organisation may use.');
  if (!app.published_version) throw badRequest('Publish the app before choosing the fields to suggest.');
  const unique = [...new Set(fields)];
  if (unique.length > 1 && !suggestsSeveral(services))
    throw badRequest('This service suggests one field; several fields need the licensed service.');
  const v = await loadVersion(tdb, moduleId, app.published_version);
  const choices = new Set(choiceFieldsOf(v.definition).map((c) => c.name));
  const wrong = unique.find((f) => !choices.has(f));
  if (wrong) throw badRequest(`${wrong} is not a single-choice dropdown with its own options.`);
  await saveTargets(tdb, moduleId, unique);
  await trainApp(tdb, settings, moduleId);
  return targetChoice(tdb, settings, moduleId);
}
