import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * Workflow engine: one row per running or finished instance (pinned to the module version it started on), a team
 * reference on tasks, and the indexes the engine's transitions and the task lists use.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('workflow_instances')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('record_id', 'text', (c) => c.notNull().references('records.id'))
    .addColumn('module_id', 'text', (c) => c.notNull())
    .addColumn('module_version', 'integer', (c) => c.notNull())
    // Running, Completed, Rejected, Faulted, Withdrawn, Restarted
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('initiator_id', 'text', (c) => c.notNull())
    .addColumn('started_on', 'text', (c) => c.notNull())
    .addColumn('finished_on', 'text')
    .addColumn('fault', 'text')
    .execute();
  await db.schema
    .createIndex('workflow_instances_record')
    .on('workflow_instances')
    .columns(['tenant_id', 'record_id', 'started_on'])
    .execute();

  await db.schema.alterTable('tasks').addColumn('team_id', 'text').execute();
  await db.schema.alterTable('tasks').addColumn('message', 'text').execute();
  // Automatic reminders (Assignment reminderEveryHours): when the next one is due, and the cadence.
  await db.schema.alterTable('tasks').addColumn('remind_every_hours', 'integer').execute();
  await db.schema.alterTable('tasks').addColumn('next_reminder_on', 'text').execute();
  await db.schema
    .createIndex('tasks_instance_status')
    .on('tasks')
    .columns(['tenant_id', 'instance_id', 'status'])
    .execute();
  await db.schema
    .createIndex('tasks_team_open')
    .on('tasks')
    .columns(['tenant_id', 'team_id', 'status', 'started_on'])
    .execute();
  await db.schema
    .createIndex('records_instance')
    .on('records')
    .columns(['tenant_id', 'workflow_instance_id'])
    .execute();

  await enableTenantIsolation(db, ctx, ['workflow_instances']);
}
