import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * Dashboards: a named grid of widgets (layout JSON: each widget's place, kind and settings) owned by one user and
 * optionally shared with roles, teams or users (shared_with JSON). Widgets compute their figures as the viewer.
 * Two indexes serve process analytics: one app's history by action, and its tasks by status.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('dashboards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('shared_with', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('layout', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dashboards_owner').on('dashboards').columns(['tenant_id', 'owner_id']).execute();
  // Process analytics read one app's history by action and its tasks by status (analytics/queries.ts).
  await db.schema
    .createIndex('activity_history_module_action')
    .on('activity_history')
    .columns(['tenant_id', 'module_id', 'action_type', 'created_on'])
    .execute();
  await db.schema
    .createIndex('tasks_module_status')
    .on('tasks')
    .columns(['tenant_id', 'module_id', 'status'])
    .execute();
  await enableTenantIsolation(db, ctx, ['dashboards']);
}
