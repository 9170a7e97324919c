import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * The records an automation created, with the chain of automations that led to it (automations/origin.ts), written
 * in the same transaction as the record: every later event of such a record carries that chain, so an automation
 * that creates records in the app it listens to never starts itself again (the engine's events have no origin).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('automation_made_records')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('automation_made_records_pk', ['tenant_id', 'record_id'])
    .execute();
  await enableTenantIsolation(db, ctx, ['automation_made_records']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('automation_made_records').execute();
}
