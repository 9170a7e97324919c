import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * Saved reports: a query over one app's records (spec and parameters as JSON text). Who it is shared with is kept
 * one row per target (role, team or user) so the list can ask "shared with me" with an index instead of JSON.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('folder', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('module_id', 'text', (c) => c.notNull())
    .addColumn('spec', 'text', (c) => c.notNull())
    .addColumn('parameters', 'text', (c) => c.notNull())
    .addColumn('shared_with', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('modified_by', 'text', (c) => c.notNull())
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reports_owner').on('reports').columns(['tenant_id', 'owner_id', 'name']).execute();
  await db.schema.createIndex('reports_folder').on('reports').columns(['tenant_id', 'folder', 'name']).execute();
  await db.schema
    .createTable('report_shares')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('report_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_shares_pk', ['tenant_id', 'report_id', 'kind', 'target_id'])
    .execute();
  await db.schema
    .createIndex('report_shares_target')
    .on('report_shares')
    .columns(['tenant_id', 'kind', 'target_id', 'report_id'])
    .execute();
  await enableTenantIsolation(db, ctx, ['reports', 'report_shares']);
}
