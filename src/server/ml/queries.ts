import type { TenantDb } from '../tenancy/tenant-db.js';

/** How many submitted records the app has (drafts never train a model). */
export async function submittedCount(tdb: TenantDb, moduleId: string): Promise<number> {
  const row = await tdb
    .selectFrom('records')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('module_id', '=', moduleId)
    .where('is_draft', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The data of the app's newest submitted records. */
export const trainingRows = (tdb: TenantDb, moduleId: string, limit: number) =>
  tdb
    .selectFrom('records')
    .select('data')
    .where('module_id', '=', moduleId)
    .where('is_draft', '=', 0)
    .orderBy('created_on', 'desc')
    .limit(limit)
    .execute();

export const modelsOf = (tdb: TenantDb, moduleId: string) =>
  tdb
    .selectFrom('ml_models')
    .select(['field', 'model', 'records_seen', 'trained_version', 'trained_on', 'holdout_right', 'holdout_total'])
    .where('module_id', '=', moduleId)
    .execute();

export interface ModelRow {
  field: string;
  model: string;
  records_seen: number;
  trained_version: number;
  trained_on: string;
  holdout_right: number;
  holdout_total: number;
}

/** Replaces the app's models with the given ones (the fields no longer suggested lose theirs). */
export async function replaceModels(tdb: TenantDb, moduleId: string, rows: ModelRow[]): Promise<void> {
  await tdb.transaction(async (tx) => {
    await tx.deleteFrom('ml_models').where('module_id', '=', moduleId).execute();
    for (const r of rows) await tx.insertInto('ml_models', { module_id: moduleId, ...r }).execute();
  });
}

/** The published apps that chose a machine-learning service. */
export const appsWithServices = (tdb: TenantDb) =>
  tdb
    .selectFrom('modules')
    .select(['id', 'ml_service_id', 'published_version'])
    .where('deleted_on', 'is', null)
    .where('published_version', 'is not', null)
    .where('ml_service_id', 'is not', null)
    .where('ml_service_id', '!=', '')
    .execute();

/** The fields the designer chose for the app's suggestions; null when none were chosen (the service's default). */
export async function chosenTargets(tdb: TenantDb, moduleId: string): Promise<string[] | null> {
  const row = await tdb.selectFrom('ml_targets').select('fields').where('module_id', '=', moduleId).executeTakeFirst();
  if (!row) return null;
  const v = JSON.parse(row.fields) as unknown;
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null;
}

/** Keeps the designer's choice (an empty list goes back to the service's default). */
export async function saveTargets(tdb: TenantDb, moduleId: string, fields: string[]): Promise<void> {
  await tdb.transaction(async (tx) => {
    await tx.deleteFrom('ml_targets').where('module_id', '=', moduleId).execute();
    if (fields.length)
      await tx
        .insertInto('ml_targets', {
          module_id: moduleId,
          fields: JSON.stringify(fields),
          modified_on: new Date().toISOString(),
        })
        .execute();
  });
}
