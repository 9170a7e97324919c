import { sql, type Kysely } from 'kysely';
import { leakproofIfAllowed, type MigrationContext } from './helpers.js';

/**
 * PostgreSQL: the list's key functions (ff_sort_key 0136, ff_label_key 0095, ff_search_key 0092) read a large
 * record's value with the `json` type instead of building the whole record as `jsonb`. Every listed row evaluates its
 * sort key once, and jsonb converts every number of the record to numeric: a key of a record holding a signature's
 * strokes (8.8 KB, 1,800 numbers) took 368-449 µs and takes 157-191 (a page statement sorted on such records: 45-56
 * pages/s before, 118-155 after), one of 40 short texts 25-26 → 16-18 µs. json reads the text twice, so a record of
 * few long texts pays about 2 µs more (12-16 → 14-18 µs for one 1.3 KB text). Under 256 bytes jsonb is as fast or
 * faster, so small records keep the previous steps.
 *
 * The output is the previous one for every record the server writes (JSON.stringify's text), so the indexes built on
 * these functions stay valid: json and jsonb read strings alike (escapes, surrogates and \u0000 are checked by both)
 * and both take the last of repeated keys; the value read is then made jsonb, so it is written as text in jsonb's
 * own form as before. A text that is not JSON.stringify's can differ in one case only: a number beyond
 * PostgreSQL's numeric range (an exponent over ~130,000) in another field, which made the whole record unreadable
 * to jsonb (null) and is skipped by json.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  const leakproof = await leakproofIfAllowed(db);
  await sql`
    create or replace function ff_sort_key(data text, field text, as_number boolean) returns text
    language plpgsql immutable strict parallel restricted ${leakproof} as $fn$
    declare
      v jsonb;
      n numeric;
      a text;
      e integer;
    begin
      if not as_number then
        return case when octet_length(data) < 256 then data::jsonb ->> field
          else (data::json -> field)::jsonb #>> '{}' end;
      end if;
      v := case when octet_length(data) < 256 then data::jsonb -> field else (data::json -> field)::jsonb end;
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
  // A key of one value, null where it cannot be read.
  const valueKey = (signature: string, value: string) => sql`
    create or replace function ${sql.raw(signature)} returns text
    language plpgsql immutable strict parallel restricted ${leakproof} as $fn$
    begin
      return ${sql.raw(value)};
    exception when others then
      return null;
    end
    $fn$`;
  await valueKey(
    'ff_label_key(data text, field text)',
    `case when octet_length(data) < 256 then (data::jsonb -> field) ->> 'label'
        else (data::json -> field -> 'label')::jsonb #>> '{}' end`,
  ).execute(db);
  await valueKey(
    'ff_search_key(data text, field text)',
    `lower(case when octet_length(data) < 256 then data::jsonb ->> field
        else (data::json -> field)::jsonb #>> '{}' end)`,
  ).execute(db);
}
