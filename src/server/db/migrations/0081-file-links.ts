import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * Which record and field each stored file is attached to. A file key alone opens nothing: a download by anyone but
 * the uploader names a record, and the file must be linked to that record in a field the caller's step may read.
 * Links go with their file and with their record.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('file_links')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('file_key', 'text', (c) => c.notNull().references('files.key').onDelete('cascade'))
    .addColumn('record_id', 'text', (c) => c.notNull().references('records.id').onDelete('cascade'))
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('linked_by', 'text', (c) => c.notNull())
    .addColumn('linked_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_links_pk', ['file_key', 'record_id', 'field'])
    .execute();
  await db.schema.createIndex('file_links_record').on('file_links').columns(['tenant_id', 'record_id']).execute();
  await enableTenantIsolation(db, ctx, ['file_links']);
}
