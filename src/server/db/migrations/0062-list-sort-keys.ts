import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './helpers.js';

/**
 * PostgreSQL: a field's sort key as text that orders like the value (numbers by an order-preserving encoding), for
 * the record list's indexes. Under row-level security the planner may use a condition as an index condition only
 * when every function in it is leakproof; JSON access and numeric comparison are not, so keyset pages on the plain
 * expressions scanned. This function never raises (bad data gives null), so it is declared leakproof where the
 * migrating role may do so (a superuser); elsewhere lists still work, only without that help. Its exception block
 * is a subtransaction, which parallel workers may not start, hence parallel restricted.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  const su = await sql<{ on: string }>`select current_setting('is_superuser') as on`.execute(db);
  const leakproof = su.rows[0]?.on === 'on' ? sql.raw('leakproof') : sql.raw('');
  await sql`
    create or replace function ff_sort_key(data text, field text, as_number boolean) returns text
    language plpgsql immutable strict parallel restricted ${leakproof} as $fn$
    declare
      v jsonb;
      n numeric;
      s text;
      int_part text;
      frac text;
      m text;
      e integer;
      dot integer;
    begin
      v := data::jsonb -> field;
      if v is null or jsonb_typeof(v) = 'null' then return null; end if;
      if not as_number then return data::jsonb ->> field; end if;
      if jsonb_typeof(v) <> 'number' then return null; end if;
      n := (v #>> '{}')::numeric;
      if n = 0 then return '1'; end if;
      s := abs(n)::text;
      dot := position('.' in s);
      if dot = 0 then int_part := s; frac := ''; else int_part := substr(s, 1, dot - 1); frac := substr(s, dot + 1); end if;
      if int_part <> '0' then
        e := length(int_part);
        m := rtrim(int_part || frac, '0');
      else
        e := length(ltrim(frac, '0')) - length(frac);
        m := rtrim(ltrim(frac, '0'), '0');
      end if;
      -- value = 0.m x 10^e: sign, then the exponent, then the digits; negatives inverted and closed by '~'.
      if n > 0 then return '2' || lpad((500000 + e)::text, 6, '0') || m; end if;
      return '0' || lpad((500000 - e)::text, 6, '0') || translate(m, '0123456789', '9876543210') || '~';
    exception when others then
      return null;
    end
    $fn$`.execute(db);
  // Field indexes on the old expressions are replaced (built again on first use by the list's indexer).
  const old = await sql<{ name: string }>`select indexname as name from pg_indexes
    where schemaname = current_schema() and tablename = 'records' and indexname like 'records_fx_%'`.execute(db);
  for (const r of old.rows) await sql`drop index if exists ${sql.id(r.name)}`.execute(db);
}
