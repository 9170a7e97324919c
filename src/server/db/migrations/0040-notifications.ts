import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    // The outbox entry it came from: a redelivered entry cannot create a second notification.
    .addColumn('source_key', 'text', (c) => c.notNull())
    .addColumn('notification_type_name', 'text', (c) => c.notNull())
    .addColumn('current_step', 'text')
    .addColumn('task_id', 'text')
    .addColumn('module_id', 'text')
    .addColumn('record_id', 'text')
    .addColumn('record_created_by', 'text')
    .addColumn('notification_content', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('read_on', 'text')
    .execute();
  await db.schema
    .createIndex('notifications_source')
    .on('notifications')
    .columns(['tenant_id', 'source_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('notifications_user')
    .on('notifications')
    .columns(['tenant_id', 'user_id', 'created_on'])
    .execute();
  await enableTenantIsolation(db, ctx, ['notifications']);
}
