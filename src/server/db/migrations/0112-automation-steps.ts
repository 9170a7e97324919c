import type { Kysely } from 'kysely';
import type { MigrationContext } from './helpers.js';

/**
 * Automation runs that wait (the wait step): the run keeps what it needs to go on (`resume`: the steps, the next
 * one and the outputs so far), and a system table the poller reads across tenants holds when it is due, claimed
 * with a lease like automation_leases, so no worker sits idle and a restart loses nothing.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('automation_runs').addColumn('resume', 'text').execute();
  await db.schema
    .createTable('automation_waits')
    .addColumn('run_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('automation_id', 'text', (c) => c.notNull())
    .addColumn('resume_on', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .execute();
  await db.schema.createIndex('automation_waits_due').on('automation_waits').columns(['resume_on']).execute();
  await ctx.grantApp(db, ['automation_waits']);
  // An app's records in id order: the bulk update step walks them in windows by id (keyset), each one index range.
  await db.schema.createIndex('records_module_id').on('records').columns(['tenant_id', 'module_id', 'id']).execute();
}
