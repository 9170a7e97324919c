import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/** Signing keys, refresh-token families, sign-in throttling, two-factor state and one-time tokens. */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  // System-wide: every node signs and verifies with the same key, found in the database.
  await db.schema
    .createTable('signing_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();
  // Throttle counters are keyed by tenant + account or address; system-wide so an unknown account counts too.
  await db.schema
    .createTable('auth_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .execute();
  await ctx.grantApp(db, ['signing_keys', 'auth_throttle']);

  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('totp_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();
  await db.schema
    .alterTable('users')
    .addColumn('security_questions', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('users').addColumn('avatar', 'text').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_on', 'text', (c) => c.notNull())
    .addColumn('used_on', 'text')
    .addColumn('revoked_on', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refresh_family').on('refresh_tokens').columns(['tenant_id', 'family_id']).execute();

  // Pending second-factor challenges and other one-time secrets (password reset, remembered machines).
  await db.schema
    .createTable('auth_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_on', 'text', (c) => c.notNull())
    .addColumn('used_on', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_challenges_hash')
    .on('auth_challenges')
    .columns(['tenant_id', 'secret_hash'])
    .execute();

  await enableTenantIsolation(db, ctx, ['refresh_tokens', 'auth_challenges']);
}
