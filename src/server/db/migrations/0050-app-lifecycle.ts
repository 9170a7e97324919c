import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/** App lifecycle: record templates per app and each user's list column configuration per app. */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const tenantRef = (c: import('kysely').ColumnDefinitionBuilder) => c.notNull().references('tenants.id');

  await db.schema
    .createTable('record_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', tenantRef)
    .addColumn('module_id', 'text', (c) => c.notNull().references('modules.id'))
    .addColumn('template_name', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('order_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('record_templates_module')
    .on('record_templates')
    .columns(['tenant_id', 'module_id', 'order_index'])
    .execute();

  await db.schema
    .createTable('module_user_configs')
    .addColumn('tenant_id', 'text', tenantRef)
    .addColumn('module_id', 'text', (c) => c.notNull().references('modules.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('tab', 'text', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('module_user_configs_pk', ['tenant_id', 'module_id', 'user_id', 'tab'])
    .execute();

  await enableTenantIsolation(db, ctx, ['record_templates', 'module_user_configs']);
}
