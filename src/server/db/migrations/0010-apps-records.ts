import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/** Apps (modules) with immutable published versions, records pinned to a version, workflow tasks and history. */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const tenantRef = (c: import('kysely').ColumnDefinitionBuilder) => c.notNull().references('tenants.id');

  await db.schema
    .createTable('module_categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', tenantRef)
    .addColumn('category_name', 'text', (c) => c.notNull())
    .addColumn('icon', 'text')
    .addColumn('order_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('modules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', tenantRef)
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('module_description', 'text')
    .addColumn('application_module_category_id', 'text')
    .addColumn('app_icon', 'text')
    .addColumn('add_to_quick_launch', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ocr_provider_id', 'text')
    .addColumn('ocr_provider_name', 'text')
    .addColumn('ml_service_id', 'text')
    .addColumn('help_file_url', 'text')
    .addColumn('is_reassignment_disabled', 'integer', (c) => c.notNull().defaultTo(0))
    // Drafts are the designer's working copy; published versions live in module_versions and never change.
    .addColumn('module_draft', 'text', (c) => c.notNull())
    .addColumn('workflow_draft', 'text', (c) => c.notNull())
    .addColumn('published_version', 'integer')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('Draft'))
    .addColumn('permission', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('email_templates', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('default_config', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('sequence_next', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('modified_by', 'text', (c) => c.notNull())
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .addColumn('deleted_on', 'text')
    .execute();
  await db.schema.createIndex('modules_tenant_name').on('modules').columns(['tenant_id', 'display_name']).execute();

  await db.schema
    .createTable('module_versions')
    .addColumn('tenant_id', 'text', tenantRef)
    .addColumn('module_id', 'text', (c) => c.notNull().references('modules.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('workflow', 'text', (c) => c.notNull())
    .addColumn('published_by', 'text', (c) => c.notNull())
    .addColumn('published_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('module_versions_pk', ['module_id', 'version'])
    .execute();

  await db.schema
    .createTable('records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', tenantRef)
    .addColumn('module_id', 'text', (c) => c.notNull().references('modules.id'))
    .addColumn('module_version', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    // Optimistic lock: every write checks and bumps it; the loser of a race gets 409.
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_draft', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sequence_number', 'integer')
    .addColumn('workflow_instance_id', 'text')
    .addColumn('workflow_status', 'text')
    .addColumn('workflow_activity_id', 'text')
    .addColumn('workflow_activity_name', 'text')
    .addColumn('workflow_started_on', 'text')
    .addColumn('workflow_initiator_user', 'text')
    .addColumn('workflow_initiator_email', 'text')
    .addColumn('workflow_completed_on', 'text')
    .addColumn('workflow_faulted_on', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('modified_by', 'text', (c) => c.notNull())
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .addColumn('submitted_on', 'text')
    .execute();
  await db.schema
    .createIndex('records_module_created')
    .on('records')
    .columns(['tenant_id', 'module_id', 'created_on', 'id'])
    .execute();
  await db.schema
    .createIndex('records_module_seq')
    .on('records')
    .columns(['tenant_id', 'module_id', 'sequence_number'])
    .unique()
    .execute();

  await db.schema
    .createTable('tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', tenantRef)
    .addColumn('record_id', 'text', (c) => c.notNull().references('records.id'))
    .addColumn('module_id', 'text', (c) => c.notNull())
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('activity_id', 'text', (c) => c.notNull())
    .addColumn('activity_title', 'text', (c) => c.notNull())
    .addColumn('task_type', 'text', (c) => c.notNull())
    .addColumn('assignee_id', 'text', (c) => c.notNull())
    .addColumn('assigned_from_user', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text')
    .addColumn('due_on', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('started_on', 'text', (c) => c.notNull())
    .addColumn('completed_on', 'text')
    .execute();
  await db.schema
    .createIndex('tasks_assignee_open')
    .on('tasks')
    .columns(['tenant_id', 'assignee_id', 'status', 'started_on'])
    .execute();
  await db.schema.createIndex('tasks_record').on('tasks').columns(['tenant_id', 'record_id']).execute();

  await db.schema
    .createTable('activity_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', tenantRef)
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('module_id', 'text', (c) => c.notNull())
    .addColumn('instance_id', 'text')
    .addColumn('activity_id', 'text')
    .addColumn('task_id', 'text')
    .addColumn('action_type', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text')
    .addColumn('author_name', 'text')
    .addColumn('message', 'text')
    .addColumn('accepted', 'integer')
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('history_record')
    .on('activity_history')
    .columns(['tenant_id', 'record_id', 'created_on'])
    .execute();

  await enableTenantIsolation(db, ctx, [
    'module_categories',
    'modules',
    'module_versions',
    'records',
    'tasks',
    'activity_history',
  ]);
}
