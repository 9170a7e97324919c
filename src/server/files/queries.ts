import type { Insertable } from 'kysely';
import type { FileLinksTable, FilesTable } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';

export const insertFile = (tdb: TenantDb, row: Omit<Insertable<FilesTable>, 'tenant_id'>) =>
  tdb.insertInto('files', row).execute();

export const fileByKey = (tdb: TenantDb, key: string) =>
  tdb.selectFrom('files').selectAll().where('key', '=', key).executeTakeFirst();

/** Bytes the tenant's files take together. */
export const tenantBytes = async (tdb: TenantDb): Promise<number> =>
  Number(
    (
      await tdb
        .selectFrom('files')
        .select((eb) => eb.fn.sum<number | string | null>('size').as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );

/** Who uploaded each of these files (files of other tenants are not found). */
export const ownersOf = (tdb: TenantDb, keys: string[]) =>
  tdb.selectFrom('files').select(['key', 'owner_id']).where('key', 'in', keys).execute();

/** The fields of a record a file is linked to. */
export const linkedFields = async (tdb: TenantDb, key: string, recordId: string) =>
  (
    await tdb
      .selectFrom('file_links')
      .select('field')
      .where('file_key', '=', key)
      .where('record_id', '=', recordId)
      .execute()
  ).map((r) => r.field);

/** Links a record already has to any of these files. */
export const linksOfRecord = (tdb: TenantDb, recordId: string, keys: string[]) =>
  tdb
    .selectFrom('file_links')
    .select(['file_key', 'field'])
    .where('record_id', '=', recordId)
    .where('file_key', 'in', keys)
    .execute();

/** New links; one already there (a concurrent save) is left as it is. */
export const insertLinks = (tdb: TenantDb, rows: Omit<Insertable<FileLinksTable>, 'tenant_id'>[]) =>
  tdb
    .insertInto('file_links', rows)
    .onConflict((oc) => oc.columns(['file_key', 'record_id', 'field']).doNothing())
    .execute();

/** The file row and its links (the bytes are removed by the store). */
export async function deleteFile(tdb: TenantDb, key: string): Promise<void> {
  await tdb.deleteFrom('file_links').where('file_key', '=', key).execute();
  await tdb.deleteFrom('files').where('key', '=', key).execute();
}

/** Deletes the file row only if still no record links it (a save may have linked it since it was read). */
export async function deleteUnlinked(tdb: TenantDb, key: string): Promise<boolean> {
  const r = await tdb
    .deleteFrom('files')
    .where('key', '=', key)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('file_links').select('file_key').where('file_links.file_key', '=', key))),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
