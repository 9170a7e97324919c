import type { Insertable, Updateable } from 'kysely';
import type { OcrJobsTable } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';

export type OcrJobRow = OcrJobsTable;

export const insertJob = (tdb: TenantDb, row: Omit<Insertable<OcrJobsTable>, 'tenant_id'>) =>
  tdb.insertInto('ocr_jobs', row).execute();

export const updateJob = (tdb: TenantDb, id: string, set: Updateable<OcrJobsTable>) =>
  tdb.updateTable('ocr_jobs').set(set).where('id', '=', id).execute();

/** A job of one user: another user's (or tenant's) job is simply not found. */
export const jobOf = (tdb: TenantDb, userId: string, id: string) =>
  tdb.selectFrom('ocr_jobs').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

export const tokenRow = (tdb: TenantDb, providerId: string) =>
  tdb.selectFrom('ocr_tokens').selectAll().where('provider_id', '=', providerId).executeTakeFirst();

export const tokenProviders = async (tdb: TenantDb) =>
  (await tdb.selectFrom('ocr_tokens').select('provider_id').execute()).map((r) => r.provider_id);

export async function saveToken(tdb: TenantDb, providerId: string, token: string, userId: string, now: string) {
  await tdb.deleteFrom('ocr_tokens').where('provider_id', '=', providerId).execute();
  if (token)
    await tdb
      .insertInto('ocr_tokens', { provider_id: providerId, token, modified_by: userId, modified_on: now })
      .execute();
}

export const appProvider = (tdb: TenantDb, moduleId: string) =>
  tdb
    .selectFrom('modules')
    .select(['ocr_provider_id', 'ml_service_id'])
    .where('id', '=', moduleId)
    .where('deleted_on', 'is', null)
    .executeTakeFirst();
