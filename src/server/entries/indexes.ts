import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/database.js';
import { SAFE_NAME, sortKeySql, type ColumnKind } from './columns.js';

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

/** Creates missing field indexes once per process, in the background; lists work (slower) until they exist. */
export class FieldIndexer {
  private readonly done = new Set<string>();
  constructor(
    private readonly owner: () => Kysely<unknown>,
    private readonly dialect: DialectName,
    private readonly log: { warn(o: object, m: string): void },
  ) {}

  ensure(fields: { name: string; kind: ColumnKind }[]): void {
    for (const f of fields)
      this.build(indexName(f.name, f.kind, this.dialect), fieldIndexSql(this.dialect, f.name, f.kind, true));
  }

  /** The search index of a field lookups label records by. */
  ensureSearch(name: string): void {
    this.build(searchIndexName(name), searchIndexSql(this.dialect, name, true));
  }

  private build(key: string, ddl: string): void {
    if (this.done.has(key) || this.done.size > 200) return;
    this.done.add(key);
    sql
      .raw(ddl)
      .execute(this.owner())
      .catch((err: unknown) => {
        this.done.delete(key);
        this.log.warn({ err }, `could not create list index ${key}`);
      });
  }
}
