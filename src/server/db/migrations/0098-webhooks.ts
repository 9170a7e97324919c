import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * Webhooks: a target that hears record events (per app or all), its deliveries (one per event and webhook, written
 * by the outbox's fan-out in the event's own transaction chain) and each delivery's attempts. `webhook_tenants` is a
 * system row per tenant that has webhooks, so the dispatcher finds every tenant's due deliveries without scanning all.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('module_ids', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('failing_since', 'text')
    .addColumn('disabled_reason', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhooks_name').on('webhooks').columns(['tenant_id', 'name']).unique().execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('webhook_id', 'text', (c) => c.notNull())
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('delivered_on', 'text')
    .execute();
  // One delivery per event and webhook, however often the event's outbox entry is handled.
  await db.schema
    .createIndex('webhook_deliveries_event')
    .on('webhook_deliveries')
    .columns(['tenant_id', 'event_key', 'webhook_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['tenant_id', 'webhook_id', 'status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_of')
    .on('webhook_deliveries')
    .columns(['tenant_id', 'webhook_id', 'created_on'])
    .execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('webhook_id', 'text', (c) => c.notNull())
    .addColumn('delivery_id', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('response_excerpt', 'text')
    .addColumn('error', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_attempts_of')
    .on('webhook_attempts')
    .columns(['tenant_id', 'webhook_id', 'created_on'])
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery')
    .on('webhook_attempts')
    .columns(['tenant_id', 'delivery_id'])
    .execute();
  await enableTenantIsolation(db, ctx, ['webhooks', 'webhook_deliveries', 'webhook_attempts']);

  await db.schema
    .createTable('webhook_tenants')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
    .execute();
  await ctx.grantApp(db, ['webhook_tenants']);
}
