import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * Connect hub: which bots a tenant holds a licence for (set by the operator's CLI), each bot's variables (secret
 * ones sealed), calls counted per bot and day, and e-commerce store keys (keys sealed; `last_order_id` is where
 * the next order import starts).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('bot_licences')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('bot', 'text', (c) => c.notNull())
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bot_licences_pk', ['tenant_id', 'bot'])
    .execute();

  await db.schema
    .createTable('bot_variables')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('bot', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bot_variables_pk', ['tenant_id', 'bot', 'name'])
    .execute();

  await db.schema
    .createTable('bot_usage')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('bot', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('calls', 'integer', (c) => c.notNull())
    .addColumn('errors', 'integer', (c) => c.notNull())
    .addColumn('total_ms', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('bot_usage_pk', ['tenant_id', 'bot', 'day'])
    .execute();

  await db.schema
    .createTable('store_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('store_url', 'text', (c) => c.notNull())
    .addColumn('api_key', 'text', (c) => c.notNull())
    .addColumn('api_secret', 'text', (c) => c.notNull())
    .addColumn('last_order_id', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('store_keys_name').on('store_keys').columns(['tenant_id', 'name']).unique().execute();

  await enableTenantIsolation(db, ctx, ['bot_licences', 'bot_variables', 'bot_usage', 'store_keys']);
}
