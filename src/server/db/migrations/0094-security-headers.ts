import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * Security headers: named credential sets (API key, basic, bearer, OAuth2 client credentials) that remote lookups
 * and connectors send. The settings a designer may read are plain JSON; the secret is sealed (AES-GCM, bound to the
 * tenant and the set's id) and never leaves the server.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('security_headers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('security_headers_name')
    .on('security_headers')
    .columns(['tenant_id', 'name'])
    .unique()
    .execute();
  await enableTenantIsolation(db, ctx, ['security_headers']);
}
