import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/** Teams (workflow approver targets) and their members; each user's favourite modules. */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('teams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('teams_tenant_name').on('teams').columns(['tenant_id', 'name']).unique().execute();

  await db.schema
    .createTable('team_members')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('added_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_members_pk', ['tenant_id', 'team_id', 'user_id'])
    .execute();
  await db.schema.createIndex('team_members_user').on('team_members').columns(['tenant_id', 'user_id']).execute();

  await db.schema
    .createTable('favourites')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('module_id', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('favourites_pk', ['tenant_id', 'user_id', 'module_id'])
    .execute();

  await enableTenantIsolation(db, ctx, ['teams', 'team_members', 'favourites']);
}
