import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * Reference datasets: typed columns kept with the dataset, rows kept one per row so a dataset of any size pages by
 * keyset on (position, id) and is found by its key column. The User Extension is a dataset of kind
 * `user_extension` keyed by user name.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('ref_datasets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('key_column', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ref_datasets_name').on('ref_datasets').columns(['tenant_id', 'name']).unique().execute();
  await db.schema
    .createTable('ref_rows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('dataset_id', 'text', (c) => c.notNull().references('ref_datasets.id').onDelete('cascade'))
    .addColumn('position', 'double precision', (c) => c.notNull())
    .addColumn('row_key', 'text', (c) => c.notNull())
    .addColumn('row_data', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ref_rows_key')
    .on('ref_rows')
    .columns(['tenant_id', 'dataset_id', 'row_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('ref_rows_order')
    .on('ref_rows')
    .columns(['tenant_id', 'dataset_id', 'position', 'id'])
    .execute();
  await enableTenantIsolation(db, ctx, ['ref_datasets', 'ref_rows']);
}
