import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * Which fields of an app its machine-learning services suggest (the designer's choice; none chosen means the
 * service's default), and each model's held-out check: how many held-out records it predicted right of how many.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('ml_targets')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('module_id', 'text', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ml_targets_pk', ['tenant_id', 'module_id'])
    .execute();
  await enableTenantIsolation(db, ctx, ['ml_targets']);
  await db.schema
    .alterTable('ml_models')
    .addColumn('holdout_right', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('ml_models')
    .addColumn('holdout_total', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
