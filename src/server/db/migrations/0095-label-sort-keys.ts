import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './helpers.js';

/**
 * PostgreSQL: the label of a reference a field stores (`{ id, label }`), for lists that sort and page by it. Like
 * ff_sort_key (0062) it never raises, so it may be leakproof (where the migrating role is a superuser) and its
 * range conditions stay index conditions under row-level security. SQLite indexes json_extract(data, '$.f.label').
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  const su = await sql<{ on: string }>`select current_setting('is_superuser') as on`.execute(db);
  const leakproof = su.rows[0]?.on === 'on' ? sql.raw('leakproof') : sql.raw('');
  await sql`
    create or replace function ff_label_key(data text, field text) returns text
    language plpgsql immutable strict parallel restricted ${leakproof} as $fn$
    begin
      return (data::jsonb -> field) ->> 'label';
    exception when others then
      return null;
    end
    $fn$`.execute(db);
}
