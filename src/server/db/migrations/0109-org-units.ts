import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * The organisation's units as a tree (org_units: parent, head, an optional team whose members belong to the unit)
 * and each user's one primary unit with a role in it and an optional explicit manager (org_members).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('org_units')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('head_id', 'text')
    .addColumn('team_id', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .execute();
  await sql`create index org_units_parent on org_units (tenant_id, parent_id)`.execute(db);
  await sql`create index org_units_team on org_units (tenant_id, team_id)`.execute(db);
  await db.schema
    .createTable('org_members')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('unit_id', 'text', (c) => c.notNull())
    .addColumn('role', 'text')
    .addColumn('manager_id', 'text')
    .addColumn('added_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('org_members_pk', ['tenant_id', 'user_id'])
    .execute();
  await sql`create index org_members_unit on org_members (tenant_id, unit_id)`.execute(db);
  await enableTenantIsolation(db, ctx, ['org_units', 'org_members']);
}
