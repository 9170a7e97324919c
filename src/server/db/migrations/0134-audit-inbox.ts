import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './helpers.js';

/**
 * SQLite only: entries arrive in audit_inbox (no index but its key) and the sealer moves them into audit_events in
 * batches, sealing them as it goes. SQLite has one writer and an fsync per commit, and each commit wrote a page of
 * every list index of the trail for the few entries it carried: most of what auditing cost approvals there. An entry
 * may leave the inbox only once the trail holds an entry just like it, so none can slip out unsealed; no one may
 * change one. PostgreSQL keeps writing to audit_events and queueing in audit_pending (many writers, no such cost).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect === 'postgres') return;
  await sql`create table audit_inbox (
      id integer primary key,
      tenant_id text not null,
      at text not null,
      actor_id text,
      actor_name text,
      action text not null,
      target_type text,
      target_id text,
      target_label text,
      details text,
      ip text,
      user_agent text
    )`.execute(db);
  await ctx.grantApp(db, ['audit_inbox']);
  await sql`create trigger audit_inbox_no_update before update on audit_inbox
    begin select raise(abort, 'audit_inbox entries are never changed'); end`.execute(db);
  // The trail's (tenant, at, id) index finds the copy; `is` compares nulls as equal.
  await sql`create trigger audit_inbox_leaves_sealed before delete on audit_inbox
    when not exists (select 1 from audit_events e where e.tenant_id = old.tenant_id and e.at = old.at
      and e.action = old.action and e.actor_id is old.actor_id and e.actor_name is old.actor_name
      and e.target_type is old.target_type and e.target_id is old.target_id and e.target_label is old.target_label
      and e.details is old.details and e.ip is old.ip and e.user_agent is old.user_agent)
    begin select raise(abort, 'an audit entry leaves the inbox only once the trail holds it'); end`.execute(db);
  await sql`drop trigger audit_events_queue`.execute(db);
}
