import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * Data connectors: a connector plugin's settings (`dc_type` names the plugin), the security header it sends, and the
 * answer's columns a designer picked to show (display_columns: available and selected). Secrets live in security
 * headers, never here.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('data_connectors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('dc_type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('security_header_id', 'text')
    .addColumn('display_columns', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('data_connectors_name')
    .on('data_connectors')
    .columns(['tenant_id', 'name'])
    .unique()
    .execute();
  await enableTenantIsolation(db, ctx, ['data_connectors']);
}
