import { sql, type Kysely } from 'kysely';
import { PG_APP_ROLE } from '../database.js';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * The audit trail: append-only by construction. Rows are inserted unsealed (hash null) in the caller's transaction;
 * the sealer later sets seal_seq, prev_hash and hash once. Triggers refuse every other UPDATE and every DELETE, on
 * both databases; on PostgreSQL the app role may only select, insert and set those three columns. Retention is a
 * per-tenant setting (audit_settings) that the list and export read: nothing is ever deleted.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const pg = ctx.dialect === 'postgres';
  await sql
    .raw(
      `create table audit_events (
        id ${pg ? 'bigint generated always as identity primary key' : 'integer primary key autoincrement'},
        tenant_id text not null references tenants(id),
        at text not null,
        actor_id text,
        actor_name text,
        action text not null,
        target_type text,
        target_id text,
        target_label text,
        details text,
        ip text,
        user_agent text,
        seal_seq bigint,
        prev_hash text,
        hash text
      )`,
    )
    .execute(db);
  await sql`create unique index audit_events_chain on audit_events (tenant_id, seal_seq)`.execute(db);
  await sql`create index audit_events_unsealed on audit_events (tenant_id, id) where hash is null`.execute(db);
  await sql`create index audit_events_tenant on audit_events (tenant_id, id)`.execute(db);
  await sql`create index audit_events_actor on audit_events (tenant_id, actor_id, id)`.execute(db);
  await sql`create index audit_events_action on audit_events (tenant_id, action, id)`.execute(db);
  await sql`create index audit_events_target on audit_events (tenant_id, target_type, target_id, id)`.execute(db);
  await sql`create index audit_events_at on audit_events (tenant_id, at)`.execute(db);
  await db.schema
    .createTable('audit_settings')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
    .addColumn('retention_days', 'integer', (c) => c.notNull().defaultTo(365))
    .execute();
  await enableTenantIsolation(db, ctx, ['audit_events', 'audit_settings']);
  if (pg) {
    await sql.raw(`revoke update, delete, truncate on audit_events from ${PG_APP_ROLE}`).execute(db);
    await sql.raw(`grant update (seal_seq, prev_hash, hash) on audit_events to ${PG_APP_ROLE}`).execute(db);
    await sql
      .raw(
        `create function audit_events_guard() returns trigger language plpgsql as $$
        begin
          if tg_op = 'UPDATE' then
            if old.hash is null and old.seal_seq is null and old.prev_hash is null
               and new.hash is not null and new.seal_seq is not null
               and (to_jsonb(new) - 'hash' - 'prev_hash' - 'seal_seq') = (to_jsonb(old) - 'hash' - 'prev_hash' - 'seal_seq')
            then return new; end if;
          end if;
          raise exception 'audit_events is append-only' using errcode = 'insufficient_privilege';
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger audit_events_append_only before update or delete on audit_events
         for each row execute function audit_events_guard()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger audit_events_no_truncate before truncate on audit_events
         for each statement execute function audit_events_guard()`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create trigger audit_events_no_delete before delete on audit_events
         begin select raise(abort, 'audit_events is append-only'); end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger audit_events_seal_once before update on audit_events
         when not (old.hash is null and old.seal_seq is null and old.prev_hash is null
           and new.hash is not null and new.seal_seq is not null
           and new.id is old.id and new.tenant_id is old.tenant_id and new.at is old.at
           and new.actor_id is old.actor_id and new.actor_name is old.actor_name and new.action is old.action
           and new.target_type is old.target_type and new.target_id is old.target_id
           and new.target_label is old.target_label and new.details is old.details
           and new.ip is old.ip and new.user_agent is old.user_agent)
         begin select raise(abort, 'audit_events is append-only'); end`,
      )
      .execute(db);
  }
}
