import type { Kysely } from 'kysely';

/** Files by age within a tenant: the hourly sweep of uploads never attached to a record reads the oldest first. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('files_created').on('files').columns(['tenant_id', 'created_on']).execute();
}
