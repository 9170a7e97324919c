import { sql, type Kysely } from 'kysely';
import { ddlQueue, type DdlQueue } from '../db/ddl-queue.js';
import type { DialectName } from '../db/database.js';
import crypto from 'node:crypto';
import { equalityKeySql, SAFE_NAME, sortKeySql, type ColumnKind } from './columns.js';

/** Fields a module's list sorts and filters fast: named by the designer in the module's default configuration. */
export function indexedFieldNames(defaultConfig: string | null | undefined): string[] {
  try {
    const c = JSON.parse(defaultConfig ?? '{}') as { sortableFields?: unknown; searchableFields?: unknown };
    const names = [c.sortableFields, c.searchableFields]
      .flatMap((x) => (Array.isArray(x) ? x : []))
      .filter((x): x is string => typeof x === 'string');
    return [...new Set(names)];
  } catch {
    return [];
  }
}

/** PostgreSQL's indexes are on the sort key (`fk`); their earlier form on the plain expression was `fx`. */
export const indexName = (name: string, kind: ColumnKind, dialect: DialectName = 'sqlite') =>
  `records_${dialect === 'postgres' ? 'fk' : 'fx'}_${{ number: 'n', text: 't', label: 'l' }[kind]}_${name.toLowerCase()}`.slice(
    0,
    63,
  );

/** The DDL of a field's list index: (tenant, module, draft flag, sort key, id). */
export function fieldIndexSql(dialect: DialectName, name: string, kind: ColumnKind, concurrently = false): string {
  const idx = indexName(name, kind, dialect);
  const key = sortKeySql(dialect, name, kind);
  return dialect === 'sqlite'
    ? `create index if not exists ${idx} on records (tenant_id, module_id, is_draft, ${key}, id)`
    : `create index ${concurrently ? 'concurrently ' : ''}if not exists ${idx} on records (tenant_id, module_id, is_draft, ${key.replace('records.data', 'data')}, id)`;
}

/**
 * A list filtered on one field and sorted by another: the filter's index name (hashed when the names are long).
 * PostgreSQL's are `fq` (filter part on the sort key, see pairIndexSql); their earlier form was `fp`.
 */
export function pairIndexName(filter: string, sort: string, dialect: DialectName = 'sqlite'): string {
  const prefix = dialect === 'postgres' ? 'records_fq_' : 'records_fp_';
  const name = `${prefix}${filter.toLowerCase()}_${sort.toLowerCase()}`;
  if (name.length <= 63) return name;
  return `${prefix}${crypto.createHash('sha1').update(`${filter}|${sort}`).digest('hex').slice(0, 20)}`;
}

/**
 * The DDL of the index of a list that filters `filter` by equality and sorts by `sort`: (tenant, module, draft flag,
 * filter value, sort key, id), so a page reads only its own rows instead of skipping the others in sort order.
 * The filter part is what an equality filter compares (`equalityKeySql`), the sort part what lists order by.
 */
export function pairIndexSql(
  dialect: DialectName,
  filter: { name: string; kind: ColumnKind },
  sort: { name: string; kind: ColumnKind },
  concurrently = false,
): string {
  const idx = pairIndexName(filter.name, sort.name, dialect);
  const f = equalityKeySql(dialect, filter.name, filter.kind);
  const key = sortKeySql(dialect, sort.name, sort.kind);
  return dialect === 'sqlite'
    ? `create index if not exists ${idx} on records (tenant_id, module_id, is_draft, ${f}, ${key}, id)`
    : `create index ${concurrently ? 'concurrently ' : ''}if not exists ${idx} on records (tenant_id, module_id, is_draft, ${f}, ${key.replace('records.data', 'data')}, id)`;
}

/**
 * A field's search key: its text lower-cased, which a lookup's typed prefix is a range of (PostgreSQL through
 * ff_search_key, migration 0092, compared bytewise like the sort keys).
 */
export function searchKeySql(dialect: DialectName, name: string): string {
  if (!SAFE_NAME.test(name)) throw new Error(`unsafe field name ${name}`);
  return dialect === 'sqlite'
    ? `lower(json_extract(data, '$.${name}'))`
    : `(ff_search_key(records.data, '${name}') collate "C")`;
}

const searchIndexName = (name: string) => `records_fs_${name.toLowerCase()}`.slice(0, 63);

/** The DDL of a field's search index: (tenant, module, draft flag, search key, id). */
export function searchIndexSql(dialect: DialectName, name: string, concurrently = false): string {
  const key = searchKeySql(dialect, name);
  return dialect === 'sqlite'
    ? `create index if not exists ${searchIndexName(name)} on records (tenant_id, module_id, is_draft, ${key}, id)`
    : `create index ${concurrently ? 'concurrently ' : ''}if not exists ${searchIndexName(name)} on records (tenant_id, module_id, is_draft, ${key.replace('records.data', 'data')}, id)`;
}

/**
 * Creates missing field indexes once per process, in the background; lists work (slower) until they exist. Builds
 * run one at a time, in the database's queue of schema changes: PostgreSQL's concurrent builds of expression indexes
 * on one table each wait for the other's snapshot, and one of them fails as a deadlock (seen whenever a list asked
 * for two indexes at once).
 */
export class FieldIndexer {
  private readonly done = new Set<string>();
  constructor(
    private readonly owner: () => Kysely<unknown>,
    private readonly dialect: DialectName,
    private readonly log: { warn(o: object, m: string): void },
    /** SQLite: runs DDL on a thread of its own (db/background-ddl.ts), so requests go on during a build. */
    private readonly background?: (statements: string[]) => Promise<void>,
    /** The database's queue of schema changes (db/ddl-queue.ts), shared with the other builders. */
    private readonly serially: DdlQueue = ddlQueue(),
  ) {}

  ensure(fields: { name: string; kind: ColumnKind }[]): void {
    for (const f of fields)
      this.build(indexName(f.name, f.kind, this.dialect), () => fieldIndexSql(this.dialect, f.name, f.kind, true));
  }

  /** The index of a list filtered by equality on one indexed field and sorted by another (pairIndexSql). */
  ensurePair(filter: { name: string; kind: ColumnKind }, sort: { name: string; kind: ColumnKind }): void {
    this.build(`${filter.name}|${sort.name}`, () => pairIndexSql(this.dialect, filter, sort, true));
  }

  /** The search index of a field lookups label records by. */
  ensureSearch(name: string): void {
    this.build(searchIndexName(name), () => searchIndexSql(this.dialect, name, true));
  }

  /** `ddl` is written only for an index not asked for before: every list page asks again. */
  private build(key: string, ddl: () => string): void {
    if (this.done.has(key) || this.done.size > 200) return;
    this.done.add(key);
    const built = this.serially(async () => {
      const statement = ddl();
      if (this.background) await this.background([statement]);
      else await sql.raw(statement).execute(this.owner());
    });
    built.catch((err: unknown) => {
      this.done.delete(key);
      this.log.warn({ err }, `could not create list index ${key}`);
    });
  }
}
