import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * Robotic automation: an automation is a trigger and a list of steps (step plugins); each run is kept with what
 * every step did. Due times live in a system table the poller reads across tenants, claimed with a lease, and the
 * unique (automation, slot) run row keeps a slot from running twice whatever the number of nodes.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('automations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('misfire', 'text', (c) => c.notNull())
    .addColumn('notify_after', 'integer', (c) => c.notNull())
    .addColumn('failures_in_row', 'integer', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('next_run_on', 'text')
    .addColumn('last_run_on', 'text')
    .addColumn('last_status', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('automations_name').on('automations').columns(['tenant_id', 'name']).unique().execute();

  await db.schema
    .createTable('automation_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('automation_id', 'text', (c) => c.notNull())
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('node', 'text', (c) => c.notNull())
    .addColumn('started_on', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer')
    .execute();
  // One run per automation and slot, whatever the number of nodes: the backstop behind the lease.
  await db.schema
    .createIndex('automation_runs_slot')
    .on('automation_runs')
    .columns(['automation_id', 'slot'])
    .unique()
    .execute();
  await db.schema
    .createIndex('automation_runs_list')
    .on('automation_runs')
    .columns(['tenant_id', 'started_on'])
    .execute();

  // System table (no row-level security): the poller finds due automations of every tenant, then works inside each.
  await db.schema
    .createTable('automation_leases')
    .addColumn('automation_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('due_on', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .execute();
  await db.schema.createIndex('automation_leases_due').on('automation_leases').columns(['due_on']).execute();
  await ctx.grantApp(db, ['automation_leases']);

  await enableTenantIsolation(db, ctx, ['automations', 'automation_runs']);
}
