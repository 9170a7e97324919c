import { sql, type Kysely } from 'kysely';

/**
 * The audit list pages newest first by (at, id) within the retention window: each filter's index ends in (at, id),
 * so a page with a user or an action and a date range reads only its own rows, however long the trail is. They
 * replace the (…, id) and (tenant, at) indexes those filters used before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index audit_events_at_id on audit_events (tenant_id, at, id)`.execute(db);
  await sql`create index audit_events_actor_at on audit_events (tenant_id, actor_id, at, id)`.execute(db);
  await sql`create index audit_events_action_at on audit_events (tenant_id, action, at, id)`.execute(db);
  await sql`drop index audit_events_at`.execute(db);
  await sql`drop index audit_events_actor`.execute(db);
  await sql`drop index audit_events_action`.execute(db);
}
