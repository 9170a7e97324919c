import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('tenants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('domain', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('licence_expires_on', 'text')
    .addColumn('support_email', 'text')
    .addColumn('person_in_charge_phone', 'text')
    .addColumn('time_zone', 'text')
    .addColumn('date_format', 'text')
    .addColumn('datetime_format', 'text')
    .addColumn('time_format', 'text')
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('fullname', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('is_sys_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_administrator', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_full_user', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_consultant', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('license', 'text', (c) => c.notNull().defaultTo('FULL_USER'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('password_changed_on', 'text')
    .addColumn('preferences', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('users_tenant_username')
    .on('users')
    .columns(['tenant_id', 'username'])
    .unique()
    .execute();
  await sql`create index users_tenant_email on users (tenant_id, lower(email))`.execute(db);

  await db.schema
    .createTable('outbox')
    .addColumn('id', ctx.dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
      ctx.dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('available_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('delivered_on', 'text')
    .execute();
  await db.schema
    .createIndex('outbox_idempotency')
    .on('outbox')
    .columns(['tenant_id', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'available_at']).execute();

  await enableTenantIsolation(db, ctx, ['users', 'outbox']);
  await ctx.grantApp(db, ['tenants']);
}
