import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/database.js';
import { sortKeySql, type ColumnKind } from './columns.js';

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
  `records_${dialect === 'postgres' ? 'fk' : 'fx'}_${kind === 'number' ? 'n' : 't'}_${name.toLowerCase()}`.slice(0, 63);

/** The DDL of a field's list index: (tenant, module, draft flag, sort key, id). */
export function fieldIndexSql(dialect: DialectName, name: string, kind: ColumnKind, concurrently = false): string {
  const idx = indexName(name, kind, dialect);
  const key = sortKeySql(dialect, name, kind);
  return dialect === 'sqlite'
    ? `create index if not exists ${idx} on records (tenant_id, module_id, is_draft, ${key}, id)`
    : `create index ${concurrently ? 'concurrently ' : ''}if not exists ${idx} on records (tenant_id, module_id, is_draft, ${key.replace('records.data', 'data')}, id)`;
}

/**
 * An expression index for one field: (tenant, module, draft flag, the field's list expression, id), the shape the
 * keyset queries read. Field names are shared by every module, so one index serves them all. PostgreSQL builds it
 * concurrently (writes go on) and needs the owner connection.
 */
export async function createFieldIndex(
  owner: Kysely<unknown>,
  dialect: DialectName,
  name: string,
  kind: ColumnKind,
): Promise<void> {
  await sql.raw(fieldIndexSql(dialect, name, kind, true)).execute(owner);
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
    for (const f of fields) {
      const key = indexName(f.name, f.kind, this.dialect);
      if (this.done.has(key) || this.done.size > 200) continue;
      this.done.add(key);
      createFieldIndex(this.owner(), this.dialect, f.name, f.kind).catch((err: unknown) => {
        this.done.delete(key);
        this.log.warn({ err }, `could not create list index ${key}`);
      });
    }
  }
}
