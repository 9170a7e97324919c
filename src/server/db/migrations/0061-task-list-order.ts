import type { Kysely } from 'kysely';

/**
 * A user's open tasks in list order: with the id as the last column, "newest first, then id" is one index walk,
 * so a page of a long task list reads only its own rows instead of sorting every open task.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('tasks_assignee_open_order')
    .on('tasks')
    .columns(['tenant_id', 'assignee_id', 'status', 'started_on', 'id'])
    .execute();
  await db.schema.dropIndex('tasks_assignee_open').execute();
}
