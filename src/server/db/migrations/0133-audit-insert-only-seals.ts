import { sql, type Kysely } from 'kysely';
import { PG_APP_ROLE } from '../database.js';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * Audit entries are never updated again: the chain's links move to audit_seals (insert-only) and the entries still
 * to seal are queued in audit_pending, filled by a trigger on every insert whichever code wrote the entry. Sealing
 * used to rewrite each entry (its seal columns were indexed, so every seal re-inserted the row into all the trail's
 * indexes and left a dead row behind): on PostgreSQL that was most of what auditing cost approvals. Neither new table
 * references tenants: the entry a row belongs to does, and a foreign-key check per row is what this saves.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const pg = ctx.dialect === 'postgres';
  await sql`create table audit_seals (
      tenant_id text not null,
      seal_seq bigint not null,
      entry_id bigint not null,
      prev_hash text not null,
      hash text not null,
      primary key (tenant_id, seal_seq)
    )`.execute(db);
  // An entry joins the chain once; verify finds entries that are neither sealed nor waiting through it.
  await sql`create unique index audit_seals_entry on audit_seals (entry_id)`.execute(db);
  await sql`create table audit_pending (
      tenant_id text not null,
      entry_id bigint not null,
      primary key (tenant_id, entry_id)
    )`.execute(db);
  await sql`insert into audit_seals (tenant_id, seal_seq, entry_id, prev_hash, hash)
    select tenant_id, seal_seq, id, coalesce(prev_hash, ''), hash from audit_events where seal_seq is not null`.execute(
    db,
  );
  await sql`insert into audit_pending (tenant_id, entry_id)
    select tenant_id, id from audit_events where hash is null`.execute(db);
  await sql`drop index audit_events_chain`.execute(db);
  await sql`drop index audit_events_unsealed`.execute(db);
  await enableTenantIsolation(db, ctx, ['audit_seals', 'audit_pending']);
  if (pg) await postgres(db);
  else await sqlite(db);
  for (const c of ['seal_seq', 'prev_hash', 'hash'])
    await sql`alter table audit_events drop column ${sql.raw(c)}`.execute(db);
}

async function postgres(db: Kysely<unknown>) {
  await sql.raw(`revoke update, delete, truncate on audit_seals from ${PG_APP_ROLE}`).execute(db);
  await sql.raw(`revoke update, truncate on audit_pending from ${PG_APP_ROLE}`).execute(db);
  // Every UPDATE, DELETE and TRUNCATE of an entry or a link is refused, whoever asks (the owner too).
  await sql
    .raw(
      `create or replace function audit_events_guard() returns trigger language plpgsql as $$
      begin
        raise exception '% is append-only', tg_table_name using errcode = 'insufficient_privilege';
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger audit_seals_append_only before update or delete on audit_seals
       for each row execute function audit_events_guard()`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger audit_seals_no_truncate before truncate on audit_seals
       for each statement execute function audit_events_guard()`,
    )
    .execute(db);
  // One call per statement (a multi-row insert queues all its entries at once), as the inserting role.
  await sql
    .raw(
      `create function audit_events_enqueue() returns trigger language plpgsql as $$
      begin
        insert into audit_pending (tenant_id, entry_id) select tenant_id, id from added;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger audit_events_queue after insert on audit_events referencing new table as added
       for each statement execute function audit_events_enqueue()`,
    )
    .execute(db);
}

async function sqlite(db: Kysely<unknown>) {
  await sql`drop trigger audit_events_seal_once`.execute(db);
  await sql`create trigger audit_events_no_update before update on audit_events
    begin select raise(abort, 'audit_events is append-only'); end`.execute(db);
  await sql`create trigger audit_seals_no_update before update on audit_seals
    begin select raise(abort, 'audit_seals is append-only'); end`.execute(db);
  await sql`create trigger audit_seals_no_delete before delete on audit_seals
    begin select raise(abort, 'audit_seals is append-only'); end`.execute(db);
  await sql`create trigger audit_events_queue after insert on audit_events
    begin insert into audit_pending (tenant_id, entry_id) values (new.tenant_id, new.id); end`.execute(db);
}
