import { sql, type Kysely } from 'kysely';

/**
 * The audit list walks (at, id) newest first on the index of its most selective filters (audit/service.ts): a user
 * with an action is one index of its own (a tenth of a user's entries or less: walking the user's index and skipping
 * the others read a million rows at 10M for the count); entity filters end in (at, id) like the others instead of id,
 * so a page of one record's or one type's entries is a range, never a sort.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index audit_events_actor_action_at on audit_events (tenant_id, actor_id, action, at, id)`.execute(
    db,
  );
  await sql`create index audit_events_target_at on audit_events (tenant_id, target_type, target_id, at, id)`.execute(
    db,
  );
  await sql`drop index audit_events_target`.execute(db);
}
