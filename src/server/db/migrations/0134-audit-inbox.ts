import { sql, type Kysely } from 'kysely';
import { PG_APP_ROLE } from '../database.js';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * New entries arrive in audit_inbox (no index but its key) and the sealer moves them into audit_events in batches,
 * sealing them as it goes. Writing each entry straight into the trail wrote a page of every one of its five list
 * indexes per commit for the few entries that commit carried (and, on PostgreSQL, ran the queueing trigger): most of
 * what auditing cost approvals. An entry may leave the inbox only once the trail holds one just like it, so none can
 * slip out unsealed, and no one may change one. audit_pending stays for entries queued before this migration.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const pg = ctx.dialect === 'postgres';
  await sql
    .raw(
      `create table audit_inbox (
        id ${pg ? 'bigint generated always as identity primary key' : 'integer primary key'},
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
      )`,
    )
    .execute(db);
  await enableTenantIsolation(db, ctx, ['audit_inbox']);
  // The trail's (tenant, at, id) index finds the copy; `is` / `is not distinct from` compare nulls as equal.
  const nullable = [
    'actor_id',
    'actor_name',
    'target_type',
    'target_id',
    'target_label',
    'details',
    'ip',
    'user_agent',
  ];
  const same = (op: string, old: string) => nullable.map((c) => `e.${c} ${op} ${old}.${c}`).join(' and ');
  const copied = (op: string, old = 'old') =>
    `exists (select 1 from audit_events e where e.tenant_id = ${old}.tenant_id and e.at = ${old}.at
      and e.action = ${old}.action and ${same(op, old)})`;
  const unchanged = 'audit_inbox entries are never changed';
  const unsealed = 'an audit entry leaves the inbox only once the trail holds it';
  if (pg) {
    // The sealer locks a batch with FOR UPDATE, which asks for the update privilege: the trigger refuses updates.
    await sql.raw(`revoke truncate on audit_inbox from ${PG_APP_ROLE}`).execute(db);
    await sql
      .raw(
        `create function audit_inbox_unchanged() returns trigger language plpgsql as $$
        begin
          raise exception '${unchanged}' using errcode = 'insufficient_privilege';
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger audit_inbox_unchanged before update or truncate on audit_inbox
         for each statement execute function audit_inbox_unchanged()`,
      )
      .execute(db);
    // One call per statement (the sealer deletes a batch at once). Each entry's copy is looked up apart, the target
    // index first (entries of a bulk operation share their instant), then by instant; planned afresh each time
    // (execute): a plan kept from when the trail was small walked the whole trail once it had grown.
    await sql
      .raw(
        `create function audit_inbox_leaves_sealed() returns trigger language plpgsql as $$
        declare bad boolean;
        begin
          execute $q$select exists (select 1 from gone g where not coalesce(
              (select true from audit_events e where e.tenant_id = g.tenant_id and e.target_type = g.target_type
                and e.target_id = g.target_id and e.at = g.at and e.action = g.action
                and ${same('is not distinct from', 'g')} limit 1),
              (select true from audit_events e where e.tenant_id = g.tenant_id and e.at = g.at
                and e.action = g.action and ${same('is not distinct from', 'g')} limit 1),
              false))$q$ into bad;
          if bad then
            raise exception '${unsealed}' using errcode = 'insufficient_privilege';
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger audit_inbox_leaves_sealed after delete on audit_inbox referencing old table as gone
         for each statement execute function audit_inbox_leaves_sealed()`,
      )
      .execute(db);
    await sql.raw(`drop trigger audit_events_queue on audit_events`).execute(db);
    await sql.raw(`drop function audit_events_enqueue()`).execute(db);
    return;
  }
  await sql
    .raw(
      `create trigger audit_inbox_no_update before update on audit_inbox begin select raise(abort, '${unchanged}'); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger audit_inbox_leaves_sealed before delete on audit_inbox when not ${copied('is')}
       begin select raise(abort, '${unsealed}'); end`,
    )
    .execute(db);
  await sql`drop trigger audit_events_queue`.execute(db);
}
