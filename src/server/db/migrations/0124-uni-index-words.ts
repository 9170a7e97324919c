import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * The assistant's index rebuilt for bounded, ranked retrieval (it is derived data: emptied here, refilled on the next
 * question). Each passage carries its words as the indexer cut them (title_words, body_words: see uni-index/terms.ts),
 * which the databases match verbatim, so both match alike and Japanese and Chinese work. Help articles are passages
 * too (source 'help', field = language). Two full-text indexes, one for record values and one for everything else,
 * so a question that matches half the records still finds the few apps, reports and help pages cheaply.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const pg = ctx.dialect === 'postgres';
  if (!pg) {
    for (const t of ['uni_passages_ai', 'uni_passages_ad']) await sql`drop trigger if exists ${sql.id(t)}`.execute(db);
    await sql`drop table if exists uni_passages_fts`.execute(db);
  }
  await db.schema.dropTable('uni_passages').execute();
  await db.schema.dropTable('uni_index_state').execute();
  await db.schema
    .createTable('uni_passages')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('module_id', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('title_words', 'text', (c) => c.notNull())
    .addColumn('body_words', 'text', (c) => c.notNull())
    .execute();
  // Without the tenant in front: a lookup of candidate ids must go by the key, not through all the tenant's rows.
  await db.schema.createIndex('uni_passages_ref').on('uni_passages').columns(['source', 'ref_id']).execute();
  await db.schema
    .createTable('uni_index_state')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('watermark', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('uni_index_state_pk', ['tenant_id', 'kind'])
    .execute();
  if (pg) {
    await sql`alter table uni_passages add column tsv tsvector generated always as
      (array_to_tsvector(array_remove(string_to_array(title_words || ' ' || body_words, ' '), ''))) stored`.execute(db);
    // No pending list (fastupdate): after a bulk load every search would read it through until a vacuum merged it.
    await sql`create index uni_passages_record_tsv on uni_passages using gin (tsv) with (fastupdate = off)
      where source = 'record'`.execute(db);
    await sql`create index uni_passages_meta_tsv on uni_passages using gin (tsv) with (fastupdate = off)
      where source <> 'record'`.execute(db);
  } else {
    for (const [fts, when] of [
      ['uni_passages_fts', `new.source = 'record'`],
      ['uni_meta_fts', `new.source <> 'record'`],
    ] as const) {
      const t = sql.id(fts);
      await sql`create virtual table ${t} using fts5(tenant_id unindexed, title_words, body_words,
        content='uni_passages', content_rowid='id', tokenize='ascii', prefix='2 3')`.execute(db);
      await sql`create trigger ${sql.id(`${fts}_ai`)} after insert on uni_passages when ${sql.raw(when)} begin
        insert into ${t}(rowid, tenant_id, title_words, body_words)
          values (new.id, new.tenant_id, new.title_words, new.body_words);
      end`.execute(db);
      await sql`create trigger ${sql.id(`${fts}_ad`)} after delete on uni_passages when ${sql.raw(when.replaceAll('new.', 'old.'))} begin
        insert into ${t}(${t}, rowid, tenant_id, title_words, body_words)
          values ('delete', old.id, old.tenant_id, old.title_words, old.body_words);
      end`.execute(db);
    }
  }
  await enableTenantIsolation(db, ctx, ['uni_passages', 'uni_index_state']);
}
