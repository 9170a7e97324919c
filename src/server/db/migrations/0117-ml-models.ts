import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * Machine-learning models: one row per app and target field, holding only token statistics as JSON text (never a
 * training record), with what it was trained on (record count, published version) so the background sweep knows
 * when to retrain.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('ml_models')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('module_id', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('records_seen', 'integer', (c) => c.notNull())
    .addColumn('trained_version', 'integer', (c) => c.notNull())
    .addColumn('trained_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ml_models_pk', ['tenant_id', 'module_id', 'field'])
    .execute();
  await enableTenantIsolation(db, ctx, ['ml_models']);
}
