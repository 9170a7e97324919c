import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './helpers.js';

/**
 * Substring search over a reference dataset's rows without reading every row. SQLite: an FTS5 trigram index kept by
 * triggers (LIKE '%text%' of three characters or more is answered from it). PostgreSQL: `~~~`, LIKE under a name
 * of its own; where the migrating role is a superuser and pg_trgm is available, it is leakproof and has a trigram
 * operator class, so its GIN index is usable under row-level security (plain LIKE is not leakproof, so the
 * planner may not use an index for it there). Elsewhere `~~~` is plain LIKE and searches scan, as before.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'postgres') {
    await sql`create virtual table ref_rows_fts using fts5(search_text, content='ref_rows', content_rowid='rowid', tokenize='trigram')`.execute(
      db,
    );
    await sql`create trigger ref_rows_fts_insert after insert on ref_rows begin
      insert into ref_rows_fts(rowid, search_text) values (new.rowid, new.search_text); end`.execute(db);
    await sql`create trigger ref_rows_fts_delete after delete on ref_rows begin
      insert into ref_rows_fts(ref_rows_fts, rowid, search_text) values ('delete', old.rowid, old.search_text); end`.execute(
      db,
    );
    await sql`create trigger ref_rows_fts_update after update of search_text on ref_rows begin
      insert into ref_rows_fts(ref_rows_fts, rowid, search_text) values ('delete', old.rowid, old.search_text);
      insert into ref_rows_fts(rowid, search_text) values (new.rowid, new.search_text); end`.execute(db);
    await sql`insert into ref_rows_fts(ref_rows_fts) values ('rebuild')`.execute(db);
    return;
  }
  const su = (await sql<{ on: string }>`select current_setting('is_superuser') as on`.execute(db)).rows[0]?.on === 'on';
  const trgm =
    su &&
    (await sql<{ one: number }>`select 1 as one from pg_available_extensions where name = 'pg_trgm'`.execute(db)).rows
      .length > 0;
  if (trgm) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create or replace function ff_contains(a text, b text) returns boolean
      language internal immutable strict parallel safe leakproof as 'textlike'`.execute(db);
  } else {
    await sql`create or replace function ff_contains(a text, b text) returns boolean
      language sql immutable strict parallel safe as 'select a like b'`.execute(db);
  }
  await sql`create operator ~~~ (leftarg = text, rightarg = text, function = ff_contains, restrict = likesel, join = likejoinsel)`.execute(
    db,
  );
  if (!trgm) return;
  await sql`create operator class ff_trgm_ops for type text using gin as
    operator 3 ~~~ (text, text),
    function 1 btint4cmp(int4, int4),
    function 2 gin_extract_value_trgm(text, internal),
    function 3 gin_extract_query_trgm(text, internal, int2, internal, internal, internal, internal),
    function 4 gin_trgm_consistent(internal, int2, text, int4, internal, internal, internal, internal),
    function 6 gin_trgm_triconsistent(internal, int2, text, int4, internal, internal, internal),
    storage int4`.execute(db);
  await sql`create index ref_rows_search on ref_rows using gin (search_text ff_trgm_ops)`.execute(db);
}
