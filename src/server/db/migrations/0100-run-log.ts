import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * One log of calls to other systems: connector calls (tests, runs, workflow steps) and webhook attempts, each with
 * the request as sent (credentials masked), the answer's start, the egress decision, the time taken and the record
 * and step that caused it. Kept for RUN_LOG_DAYS.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('run_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text')
    .addColumn('source_name', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text')
    .addColumn('step', 'text')
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('request', 'text')
    .addColumn('response', 'text')
    .addColumn('error', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('run_log_time').on('run_log').columns(['tenant_id', 'created_on']).execute();
  await enableTenantIsolation(db, ctx, ['run_log']);
}
