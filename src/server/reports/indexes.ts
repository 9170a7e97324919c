import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/database.js';
import { fieldSql, type ColumnKind } from '../entries/columns.js';
import type { StoredColumns } from './stored-columns.js';
import { analyzeSql } from '../db/value-samples.js';

/** A report over fewer records than this runs fast enough from the table; no index is worth its writes. */
export const indexFrom = { records: 20_000 };
const MAX_INDEXES = 30;

/**
 * The plain columns a grouped report may read besides its fields: the derived process status and the started-on
 * date (its buckets), the shared filters' creation date, and the creator and initiator of the visibility rule. A
 * covering index holds them all, so no report or status widget over a big app visits the table.
 */
export const PROCESS_COLUMNS = [
  'workflow_status',
  'workflow_completed_on',
  'workflow_started_on',
  'created_on',
  'created_by',
  'workflow_initiator_user',
];

/** The process date columns a report may bucket whose day can lead a SQLite report index. */
export const DAY_COLUMNS = new Set(['workflow_started_on', 'workflow_completed_on', 'created_on']);

/** A date column's day, as by-day.ts groups it (the index expression must be the same for SQLite to use it). */
export const dayKeySql = (column: string) => {
  if (!DAY_COLUMNS.has(column)) throw new Error(`unexpected day column ${column}`);
  return `substr(cast(${column} as text), 1, 10)`;
};

/**
 * Covering expression indexes for grouped reports on SQLite: (tenant, app, draft flag, the grouped and measured
 * fields, the process columns), so a group-by with sums reads the index alone. Built once per process, the first
 * time a big app is grouped that way, on a connection of its own in a worker thread (background-ddl.ts): the main
 * connection never waits for it. PostgreSQL cannot answer from an expression index without the table (its
 * index-only scans need the plain column), so there the fields get stored copies and a covering index over them
 * (stored-columns.ts).
 */
export class ReportIndexer {
  private readonly done = new Set<string>();
  /** SQLite indexes built by this process, which reports may name (indexed-by.ts). */
  private readonly built = new Set<string>();
  constructor(
    private readonly owner: () => Kysely<unknown>,
    private readonly dialect: DialectName,
    private readonly log: { warn(o: object, m: string): void },
    readonly stored?: StoredColumns,
    /** SQLite: runs DDL without blocking this thread's connection. */
    private readonly background?: (statements: string[]) => Promise<void>,
  ) {}

  /** A field's ready stored copy (PostgreSQL), for plans. */
  readonly storedColumn = (name: string, kind: ColumnKind) => this.stored?.column(name, kind);

  /** Refreshes what is ready (PostgreSQL; cheap, at most every few seconds). */
  async prepare(): Promise<void> {
    await this.stored?.refresh().catch((err: unknown) => this.log.warn({ err }, 'could not read stored columns'));
  }

  /**
   * The name of the SQLite index over these fields (stable, so each is built once); `day`: a process date column
   * whose day leads the fields, so a report by its month or quarter groups the index's rows by day in index order.
   */
  static sqliteName(fields: { name: string; kind: ColumnKind }[], day?: string) {
    const exprs = [
      ...(day ? [dayKeySql(day)] : []),
      ...new Map(fields.map((f) => [`${f.name}|${f.kind}`, fieldSql('sqlite', f.name, f.kind)])).values(),
    ];
    const key = [...exprs, ...PROCESS_COLUMNS].join(',');
    return { exprs, name: `records_rp_${crypto.createHash('sha1').update(key).digest('hex').slice(0, 16)}` };
  }

  /** Whether the index or stored columns of these fields were asked for already (nothing more to check then). */
  asked(fields: { name: string; kind: ColumnKind }[], day?: string): boolean {
    if (this.stored) return this.stored.asked(fields);
    return this.dialect !== 'sqlite' || this.done.has(ReportIndexer.sqliteName(fields, day).name);
  }

  /** SQLite: the built covering index of exactly these fields, for a plan to read from. */
  readyIndex(fields: { name: string; kind: ColumnKind }[], day?: string): string | undefined {
    if (this.dialect !== 'sqlite' || this.stored) return undefined;
    const { name } = ReportIndexer.sqliteName(fields, day);
    return this.built.has(name) ? name : undefined;
  }

  /** An index a report could not name (dropped by someone else): asked for again on the next run. */
  forget(name: string) {
    this.built.delete(name);
    this.done.delete(name);
  }

  ensure(fields: { name: string; kind: ColumnKind }[], day?: string): Promise<void> | void {
    if (this.stored) return this.stored.ensure(fields);
    if (this.dialect !== 'sqlite') return;
    const { exprs, name } = ReportIndexer.sqliteName(fields, day);
    if (this.done.has(name) || this.done.size >= MAX_INDEXES) return;
    this.done.add(name);
    const ddl = `create index if not exists ${name} on records (tenant_id, module_id, is_draft, ${[...exprs, ...PROCESS_COLUMNS].join(', ')})`;
    // Statistics for the new index, or the planner may keep preferring a narrower one that reads the table.
    const build = this.background
      ? this.background([ddl, analyzeSql(name)])
      : sql
          .raw(ddl)
          .execute(this.owner())
          .then(() => undefined);
    return build.then(
      () => void this.built.add(name),
      (err: unknown) => {
        this.done.delete(name);
        this.log.warn({ err }, `could not create report index ${name}`);
      },
    );
  }
}
