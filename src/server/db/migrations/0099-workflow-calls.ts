import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * Data connector calls of workflow steps: written by the transition that reaches the step (in its transaction),
 * made by a runner outside any transaction with a lease and retries, and settled by a transition that writes the
 * outputs and goes on (or faults the process).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('workflow_calls')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('activity_id', 'text', (c) => c.notNull())
    .addColumn('connector_id', 'text', (c) => c.notNull())
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('timeout_ms', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('finished_on', 'text')
    .execute();
  await db.schema
    .createIndex('workflow_calls_due')
    .on('workflow_calls')
    .columns(['tenant_id', 'status', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('workflow_calls_record').on('workflow_calls').columns(['tenant_id', 'record_id']).execute();
  await enableTenantIsolation(db, ctx, ['workflow_calls']);
}
