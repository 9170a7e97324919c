import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/** Per-tenant single sign-on settings, pending SSO flows (state, PKCE, SAML request ids, seen assertions), links. */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('sso_settings')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
    .addColumn('oidc_issuer', 'text')
    .addColumn('oidc_client_id', 'text')
    .addColumn('oidc_client_secret', 'text')
    .addColumn('oidc_redirect_uri', 'text')
    .addColumn('saml_entry_point', 'text')
    .addColumn('saml_idp_cert', 'text')
    .addColumn('saml_issuer', 'text')
    .addColumn('saml_audience', 'text')
    .addColumn('provisioning', 'text', (c) => c.notNull().defaultTo('link'))
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .execute();

  // One row per started flow or seen assertion; the unique key makes "use once" a single insert or update.
  await db.schema
    .createTable('sso_flows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('flow_key', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('expires_on', 'text', (c) => c.notNull())
    .addColumn('used_on', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addUniqueConstraint('sso_flows_key', ['tenant_id', 'kind', 'flow_key'])
    .execute();

  await db.schema
    .createTable('sso_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addUniqueConstraint('sso_links_subject', ['tenant_id', 'provider', 'subject'])
    .execute();

  await enableTenantIsolation(db, ctx, ['sso_settings', 'sso_flows', 'sso_links']);
}
