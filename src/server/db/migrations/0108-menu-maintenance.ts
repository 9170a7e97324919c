import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * The tenant's menu configuration (one JSON document per tenant, applied on top of the role-filtered menu) and
 * maintenance mode: a flag and message on the tenant row (read from the tenant cache, no extra query per request)
 * and an installation-wide one in system_settings (read into memory and refreshed like the tenant cache).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('tenant_menu')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .addColumn('modified_by', 'text')
    .execute();
  await enableTenantIsolation(db, ctx, ['tenant_menu']);
  await sql`alter table tenants add column maintenance integer not null default 0`.execute(db);
  await sql`alter table tenants add column maintenance_message text`.execute(db);
  await db.schema
    .createTable('system_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .execute();
  await ctx.grantApp(db, ['system_settings']);
}
