import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './helpers.js';

/**
 * PostgreSQL will not take a full-text index under row-level security: `@@` is not leakproof, so the policy's tenant
 * check runs first on every row and the search reads the whole table (300,000 passages: hundreds of milliseconds).
 * These two functions run the assistant's matches as the table owner with the same tenant condition written out
 * (the session's `app.tenant_id`, exactly what the policy checks), so the index serves. Where the owner is itself
 * bound by the policy they are merely as slow as before, never wider.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  await sql`create function uni_record_matches(t text, q text, lim integer)
    returns table (id bigint, source text, title_words text, body_words text)
    language sql stable security definer set search_path from current as $$
      select p.id, p.source, p.title_words, p.body_words from uni_passages p
      where p.tenant_id = t and t = current_setting('app.tenant_id', true) and p.source = 'record'
        and p.tsv @@ q::tsquery
      limit lim
    $$`.execute(db);
  await sql`create function uni_meta_matches(t text, q text, lang text, lim integer)
    returns table (id bigint, source text, title_words text, body_words text)
    language sql stable security definer set search_path from current as $$
      select p.id, p.source, p.title_words, p.body_words from uni_passages p
      where p.tenant_id = t and t = current_setting('app.tenant_id', true) and p.source <> 'record'
        and (p.source <> 'help' or p.field = lang) and p.tsv @@ q::tsquery
      limit lim
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  await sql`drop function uni_record_matches(text, text, integer)`.execute(db);
  await sql`drop function uni_meta_matches(text, text, text, integer)`.execute(db);
}
