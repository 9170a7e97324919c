import type { Kysely } from 'kysely';

/**
 * Where a queued record event came from when an automation's own write made it (JSON: the automations up the chain
 * and how deep it is), so a run started by it never starts an automation of that chain again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('automation_events').addColumn('origin', 'text').execute();
}
