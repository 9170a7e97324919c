import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * Records lists, comments, files and schedules: keyset indexes for the record list's system columns, comments per
 * record, stored files, schedules with their runs, and the cross-tenant lease rows the scheduler claims.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  // Keyset paging of the lists: (module, draft flag, sort column, id). Drafts are listed per creator.
  for (const col of [
    'created_on',
    'workflow_started_on',
    'workflow_completed_on',
    'modified_on',
    'workflow_status',
    'workflow_activity_name',
    'workflow_initiator_email',
    'sequence_number',
  ]) {
    await db.schema
      .createIndex(`records_list_${col}`)
      .on('records')
      .columns(['tenant_id', 'module_id', 'is_draft', col, 'id'])
      .execute();
  }
  await db.schema
    .createIndex('records_drafts_by')
    .on('records')
    .columns(['tenant_id', 'module_id', 'created_by', 'is_draft', 'created_on', 'id'])
    .execute();
  await db.schema
    .createIndex('records_initiator')
    .on('records')
    .columns(['tenant_id', 'workflow_initiator_user'])
    .execute();
  await db.schema
    .createIndex('tasks_assignee_record')
    .on('tasks')
    .columns(['tenant_id', 'assignee_id', 'record_id'])
    .execute();

  await db.schema
    .createTable('record_comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('record_id', 'text', (c) => c.notNull().references('records.id').onDelete('cascade'))
    .addColumn('module_id', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('record_comments_record')
    .on('record_comments')
    .columns(['tenant_id', 'record_id', 'created_on'])
    .execute();

  await db.schema
    .createTable('files')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('schedules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('module_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('cron', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('submit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('next_run_on', 'text')
    .addColumn('last_run_on', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('schedules_module')
    .on('schedules')
    .columns(['tenant_id', 'module_id', 'created_on'])
    .execute();

  await db.schema
    .createTable('schedule_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('schedule_id', 'text', (c) => c.notNull())
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text')
    .addColumn('message', 'text')
    .addColumn('node', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();
  // One run per schedule and slot, whatever the number of nodes: the backstop behind the lease.
  await db.schema
    .createIndex('schedule_runs_slot')
    .on('schedule_runs')
    .columns(['schedule_id', 'slot'])
    .unique()
    .execute();
  await db.schema
    .createIndex('schedule_runs_list')
    .on('schedule_runs')
    .columns(['tenant_id', 'schedule_id', 'created_on'])
    .execute();

  // System table (no row-level security): the poller reads due schedules of every tenant, then works inside each.
  await db.schema
    .createTable('schedule_leases')
    .addColumn('schedule_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('due_on', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .execute();
  await db.schema.createIndex('schedule_leases_due').on('schedule_leases').columns(['due_on']).execute();
  await ctx.grantApp(db, ['schedule_leases']);

  await enableTenantIsolation(db, ctx, ['record_comments', 'files', 'schedules', 'schedule_runs']);
}
