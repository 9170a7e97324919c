import crypto from 'node:crypto';
import { ddlQueue, type DdlQueue } from '../db/ddl-queue.js';
import { sql, type Kysely } from 'kysely';
import { fieldSql, SAFE_NAME, type ColumnKind } from '../entries/columns.js';
import { PROCESS_COLUMNS } from './indexes.js';

/** Rows a backfill statement updates at once: short transactions, so writers never wait long on a row lock. */
export const backfillChunk = { size: 5_000 };
/** How often a node looks again which stored columns are ready (tests make it 0). */
export const storedRefresh = { ms: 10_000 };

const KIND = { number: 'n', text: 't', label: 'l' } as const;

/** The plain column holding a field's value for reports (quoted: field names are case-sensitive). */
export const storedName = (name: string, kind: ColumnKind) => `rp_${KIND[kind]}_${name}`;
const quoted = (name: string) => `"${name}"`;
const READY = 'ready';

/** The value of a stored column computed from a JSON document `j` (the same expression a report reads). */
const valueOf = (name: string, kind: ColumnKind, j: string) =>
  fieldSql('postgres', name, kind).replaceAll('data::jsonb', j);

type Db = Kysely<unknown>;
const run = (db: Db, text: string) => sql.raw(text).execute(db);

/**
 * PostgreSQL answers a group-by with sums from an index alone only when every value is a plain column (an
 * expression index still reads each row's JSON). So a field a big app is grouped or measured by gets a stored copy
 * on records, kept by a trigger from `data`, filled in short chunks (never one long lock), then a covering index
 * built concurrently and the table vacuumed (index-only scans need the visibility map). Reports read the JSON until
 * the column is marked ready (a comment on it, so every node sees it).
 */
export class StoredColumns {
  private ready = new Set<string>();
  private checkedAt = 0;
  private queue: Promise<void> = Promise.resolve();
  private readonly started = new Set<string>();

  constructor(
    private readonly owner: () => Db,
    private readonly app: () => Db,
    private readonly log: { warn(o: object, m: string): void },
    /** The database's queue of schema changes (db/ddl-queue.ts), shared with the list's index builds. */
    private readonly serially: DdlQueue = ddlQueue(),
  ) {}

  /** The stored column of a field, when it is ready to be read. */
  column(name: string, kind: ColumnKind): string | undefined {
    const c = storedName(name, kind);
    return this.ready.has(c) ? `records.${quoted(c)}` : undefined;
  }

  /** Reads which stored columns are ready (at most every few seconds: other nodes may have finished one). */
  async refresh(force = false): Promise<void> {
    if (!force && Date.now() - this.checkedAt < storedRefresh.ms) return;
    this.checkedAt = Date.now();
    const rows = await sql<{ name: string }>`select a.attname as name from pg_attribute a
      where a.attrelid = to_regclass('records') and a.attname like 'rp\\_%' and not a.attisdropped
        and col_description(a.attrelid, a.attnum) = ${READY}`.execute(this.app());
    this.ready = new Set(rows.rows.map((r) => r.name));
  }

  private static listOf(fields: { name: string; kind: ColumnKind }[]) {
    const list = [...new Map(fields.map((f) => [storedName(f.name, f.kind), f])).values()].filter(
      (f) => SAFE_NAME.test(f.name) && storedName(f.name, f.kind).length <= 63,
    );
    return { list, key: list.map((f) => storedName(f.name, f.kind)).join(',') };
  }

  /** Whether these fields' columns and index were asked for already in this process. */
  asked(fields: { name: string; kind: ColumnKind }[]): boolean {
    return this.started.has(StoredColumns.listOf(fields).key);
  }

  /**
   * Starts (once per process) the stored columns and covering index of these fields; resolves when built. No
   * fields still gets an index: over the process columns, for status counts and date buckets.
   */
  ensure(fields: { name: string; kind: ColumnKind }[]): Promise<void> {
    const { list, key } = StoredColumns.listOf(fields);
    if (this.started.has(key) || this.started.size >= 30) return this.queue;
    this.started.add(key);
    // One build at a time per process: each backfill is a pass over the table.
    this.queue = this.queue
      .then(() => this.serially(() => this.build(list)))
      .catch((err: unknown) => {
        this.started.delete(key);
        this.log.warn({ err }, `could not build stored report columns ${key}`);
      });
    return this.queue;
  }

  private async build(fields: { name: string; kind: ColumnKind }[]) {
    const db = this.owner();
    await this.refresh(true);
    const missing = fields.filter((f) => !this.ready.has(storedName(f.name, f.kind)));
    await db.connection().execute(async (c) => {
      if (missing.length) {
        await run(c, `set lock_timeout = '2s'`);
        for (const f of missing)
          await run(
            c,
            `alter table records add column if not exists ${quoted(storedName(f.name, f.kind))} ${f.kind === 'number' ? 'numeric' : 'text'}`,
          );
        await this.trigger(c);
        await run(c, `reset lock_timeout`);
        await this.backfill(c, missing);
        for (const f of missing)
          await run(c, `comment on column records.${quoted(storedName(f.name, f.kind))} is '${READY}'`);
      }
      const cols = [...fields.map((f) => quoted(storedName(f.name, f.kind))), ...PROCESS_COLUMNS];
      const idx = `records_rs_${crypto.createHash('sha1').update(cols.join(',')).digest('hex').slice(0, 16)}`;
      const exists = await sql<{ ok: boolean }>`select i.indisvalid as ok from pg_index i
        where i.indexrelid = to_regclass(${idx})`.execute(c);
      if (exists.rows[0]?.ok) return;
      if (exists.rows.length) await run(c, `drop index concurrently if exists ${idx}`);
      await run(
        c,
        `create index concurrently if not exists ${idx} on records (tenant_id, module_id, is_draft, ${cols.join(', ')})`,
      );
      // The backfill left every page not all-visible: without this the index-only scan visits the table anyway.
      await run(c, `vacuum (analyze) records`);
    });
    await this.refresh(true);
  }

  /** One trigger keeps every stored column (of every field any report uses) equal to its value in `data`. */
  private async trigger(c: Db) {
    const rows = await sql<{ name: string }>`select attname as name from pg_attribute
      where attrelid = to_regclass('records') and attname like 'rp\\_%' and not attisdropped order by attname`.execute(
      c,
    );
    const sets = rows.rows
      .map((r) => /^rp_([ntl])_([A-Za-z_][A-Za-z0-9_]*)$/.exec(r.name))
      .filter((m): m is RegExpExecArray => !!m)
      .map((m) => {
        const kind = (Object.keys(KIND) as ColumnKind[]).find((k) => KIND[k] === m[1])!;
        return `new.${quoted(m[0])} := ${valueOf(m[2]!, kind, 'j')};`;
      });
    await run(
      c,
      `create or replace function ff_report_values() returns trigger language plpgsql as $f$
       declare j jsonb;
       begin
         j := new.data::jsonb;
         ${sets.join('\n')}
         return new;
       end $f$`,
    );
    await run(
      c,
      `create or replace trigger records_report_values before insert or update of data on records
       for each row execute function ff_report_values()`,
    );
  }

  /**
   * Fills the new columns tenant by tenant, in id order, a chunk per transaction, with the tenant's label set so
   * row-level security lets an owner that is not a superuser see the rows too.
   */
  private async backfill(c: Db, fields: { name: string; kind: ColumnKind }[]) {
    const set = fields.map((f) => `${quoted(storedName(f.name, f.kind))} = ${valueOf(f.name, f.kind, 'data::jsonb')}`);
    const tenants = await sql<{ id: string }>`select id from tenants order by id`.execute(c);
    for (const { id: tenant } of tenants.rows) {
      await sql`select set_config('app.tenant_id', ${tenant}, false)`.execute(c);
      let last = '';
      for (;;) {
        const done = await sql<{ id: string }>`with c as (select id from records
            where tenant_id = ${tenant} and id > ${last} order by id limit ${backfillChunk.size})
          update records r set ${sql.raw(set.join(', '))} from c where r.id = c.id returning r.id`.execute(c);
        if (!done.rows.length) break;
        last = done.rows.reduce((m, r) => (r.id > m ? r.id : m), last);
        if (done.rows.length < backfillChunk.size) break;
      }
    }
    await sql`select set_config('app.tenant_id', '', false)`.execute(c);
  }
}
