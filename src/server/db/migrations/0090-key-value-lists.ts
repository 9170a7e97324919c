import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * Key-value lists (the spec's permissible lists): named lists of values that dropdowns and rules draw on, grouped by
 * categories. A list keeps its values and its category ids as JSON: a list is read and written whole.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('kv_categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('category_name', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('kv_categories_name')
    .on('kv_categories')
    .columns(['tenant_id', 'category_name'])
    .unique()
    .execute();
  await db.schema
    .createTable('kv_lists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('key_name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('category_ids', 'text', (c) => c.notNull())
    .addColumn('list_values', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('kv_lists_key').on('kv_lists').columns(['tenant_id', 'key_name']).unique().execute();
  await enableTenantIsolation(db, ctx, ['kv_categories', 'kv_lists']);
}
