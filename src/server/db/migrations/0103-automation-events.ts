import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * Record events waiting for the automations that listen to them: written in the transaction that hands the event
 * out (so an event is queued exactly once), removed when its run is written. One run per automation, record
 * version and event.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('automation_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('automation_id', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('module_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('automation_events_once')
    .on('automation_events')
    .columns(['automation_id', 'record_id', 'version', 'event'])
    .unique()
    .execute();
  await db.schema
    .createIndex('automation_events_due')
    .on('automation_events')
    .columns(['tenant_id', 'automation_id', 'created_on'])
    .execute();
  await enableTenantIsolation(db, ctx, ['automation_events']);
}
