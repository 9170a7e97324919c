import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './helpers.js';

/**
 * PostgreSQL: a field's text lower-cased, for lookups that find records by the start of a label. Like ff_sort_key
 * (0062) it never raises, so it may be leakproof (where the migrating role is a superuser) and its range conditions
 * stay index conditions under row-level security. SQLite indexes lower(json_extract(...)) directly.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  const su = await sql<{ on: string }>`select current_setting('is_superuser') as on`.execute(db);
  const leakproof = su.rows[0]?.on === 'on' ? sql.raw('leakproof') : sql.raw('');
  await sql`
    create or replace function ff_search_key(data text, field text) returns text
    language plpgsql immutable strict parallel restricted ${leakproof} as $fn$
    begin
      return lower(data::jsonb ->> field);
    exception when others then
      return null;
    end
    $fn$`.execute(db);
}
