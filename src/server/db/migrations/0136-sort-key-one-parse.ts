import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './helpers.js';

/**
 * PostgreSQL: ff_sort_key (0062) with the same output for every input, so the indexes built on it stay valid, in
 * fewer steps. A text key parsed the record's JSON twice and a number key took fifteen plpgsql statements; every
 * listed row evaluates it once (its ORDER BY), so a text key now costs half as much on a 2 KB record (29 → 14 µs) and
 * a number key a fifth less on a small one. The number's digits and exponent are read off its text as before
 * (value = 0.m × 10^e; negatives inverted and closed by '~').
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
      a text;
      e integer;
    begin
      if not as_number then return data::jsonb ->> field; end if;
      v := data::jsonb -> field;
      if jsonb_typeof(v) is distinct from 'number' then return null; end if;
      n := v::numeric;
      if n = 0 then return '1'; end if;
      a := abs(n)::text;
      e := case when a like '0.%' then length(ltrim(substr(a, 3), '0')) - length(a) + 2
        else position('.' in a || '.') - 1 end;
      if n > 0 then return '2' || lpad((500000 + e)::text, 6, '0') || trim(both '0' from replace(a, '.', '')); end if;
      return '0' || lpad((500000 - e)::text, 6, '0')
        || translate(trim(both '0' from replace(a, '.', '')), '0123456789', '9876543210') || '~';
    exception when others then
      return null;
    end
    $fn$`.execute(db);
}
