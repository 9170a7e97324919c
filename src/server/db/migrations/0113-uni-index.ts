import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * The assistant's full-text index of the tenant's apps, workflows, reports and record values (one row per passage;
 * a record value is one row per field so the access filter can drop a field hidden at the record's step). SQLite
 * searches it with an FTS5 table kept in step by triggers, PostgreSQL with a generated tsvector and a GIN index. A
 * record passage is found by its value only: its title (app and field names) would match every record of the app.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const pg = ctx.dialect === 'postgres';
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
    .execute();
  await db.schema
    .createIndex('uni_passages_ref')
    .on('uni_passages')
    .columns(['tenant_id', 'source', 'ref_id'])
    .execute();
  await db.schema
    .createTable('uni_index_state')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('watermark', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('uni_index_state_pk', ['tenant_id', 'kind'])
    .execute();
  if (pg) {
    await sql`alter table uni_passages add column tsv tsvector generated always as
      (to_tsvector('simple', case when source = 'record' then '' else title end || ' ' || body)) stored`.execute(db);
    await sql`create index uni_passages_tsv on uni_passages using gin (tsv)`.execute(db);
  } else {
    await sql`create virtual table uni_passages_fts using fts5(tenant_id unindexed, title, body,
      content='uni_passages', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`.execute(db);
    await sql`create trigger uni_passages_ai after insert on uni_passages begin
      insert into uni_passages_fts(rowid, tenant_id, title, body) values (new.id, new.tenant_id, case when new.source = 'record' then '' else new.title end, new.body);
    end`.execute(db);
    await sql`create trigger uni_passages_ad after delete on uni_passages begin
      insert into uni_passages_fts(uni_passages_fts, rowid, tenant_id, title, body)
        values ('delete', old.id, old.tenant_id, case when old.source = 'record' then '' else old.title end, old.body);
    end`.execute(db);
  }
  await enableTenantIsolation(db, ctx, ['uni_passages', 'uni_index_state']);
}
