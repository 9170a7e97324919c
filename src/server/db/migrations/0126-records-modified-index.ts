import { sql, type Kysely } from 'kysely';

/**
 * Records by when they last changed: the assistant's index catches up from the rows changed since its watermark
 * before a question, which without this read the tenant's whole records table each time something was written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index records_modified on records (tenant_id, modified_on)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index records_modified`.execute(db);
}
