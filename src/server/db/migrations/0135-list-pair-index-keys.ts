import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './helpers.js';

/**
 * PostgreSQL: a list's pair index (filter field, sort field) now keys its filter part by the field's sort key, which
 * an equality filter compares (entries/list.ts) and which stays an index condition under row-level security; the
 * earlier form on the JSON expression was never used as one. Those are dropped; the list's index advisor builds the
 * new ones (`records_fq_…`) on first use.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  const old = await sql<{ name: string }>`select indexname as name from pg_indexes
    where schemaname = current_schema() and tablename = 'records' and indexname like 'records\\_fp\\_%'`.execute(db);
  for (const r of old.rows) await sql`drop index if exists ${sql.id(r.name)}`.execute(db);
}
