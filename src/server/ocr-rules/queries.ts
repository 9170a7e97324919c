import type { OcrHintsTable } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';

export const moduleRow = (tdb: TenantDb, moduleId: string) =>
  tdb
    .selectFrom('modules')
    .select(['id', 'module_draft', 'published_version', 'ocr_provider_id', 'permission'])
    .where('id', '=', moduleId)
    .where('deleted_on', 'is', null)
    .executeTakeFirst();

/** The published definition of an app's current version, when it has one. */
export const publishedDefinition = async (tdb: TenantDb, moduleId: string, version: number) =>
  (
    await tdb
      .selectFrom('module_versions')
      .select('definition')
      .where('module_id', '=', moduleId)
      .where('version', '=', version)
      .executeTakeFirst()
  )?.definition;

export const rulesRow = (tdb: TenantDb, moduleId: string) =>
  tdb.selectFrom('ocr_rules').selectAll().where('module_id', '=', moduleId).executeTakeFirst();

export async function saveRules(tdb: TenantDb, moduleId: string, rules: string, userId: string, now: string) {
  await tdb.deleteFrom('ocr_rules').where('module_id', '=', moduleId).execute();
  await tdb.insertInto('ocr_rules', { module_id: moduleId, rules, modified_by: userId, modified_on: now }).execute();
}

/** Most used first, then the newest: the order mapFields tries them in. */
export const hintRows = (tdb: TenantDb, moduleId: string) =>
  tdb
    .selectFrom('ocr_hints')
    .select(['field', 'label', 'label_key', 'direction', 'uses', 'last_used_on'])
    .where('module_id', '=', moduleId)
    .orderBy('uses', 'desc')
    .orderBy('last_used_on', 'desc')
    .execute();

/** Counts one more use of a hint, or adds it. */
export async function bumpHint(tdb: TenantDb, row: Omit<OcrHintsTable, 'tenant_id' | 'uses'>) {
  const key = (q: TenantDb) =>
    q
      .updateTable('ocr_hints')
      .where('module_id', '=', row.module_id)
      .where('field', '=', row.field)
      .where('label_key', '=', row.label_key)
      .where('direction', '=', row.direction);
  const res = await key(tdb)
    .set((eb) => ({ uses: eb('uses', '+', 1), last_used_on: row.last_used_on, label: row.label }))
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) await tdb.insertInto('ocr_hints', { ...row, uses: 1 }).execute();
}

export const deleteHint = (tdb: TenantDb, moduleId: string, field: string, labelKey: string, direction: string) =>
  tdb
    .deleteFrom('ocr_hints')
    .where('module_id', '=', moduleId)
    .where('field', '=', field)
    .where('label_key', '=', labelKey)
    .where('direction', '=', direction as 'right' | 'below')
    .execute();

/** The pages of a finished OCR job of this user for this app; another user's job is not found. */
export const jobPages = async (tdb: TenantDb, userId: string, jobId: string, moduleId: string) =>
  (
    await tdb
      .selectFrom('ocr_jobs')
      .select(['pages'])
      .where('id', '=', jobId)
      .where('user_id', '=', userId)
      .where('module_id', '=', moduleId)
      .where('status', '=', 'done')
      .executeTakeFirst()
  )?.pages;
