import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/database.js';
import { fieldSql, type ColumnKind } from './columns.js';

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

export const indexName = (name: string, kind: ColumnKind) =>
  `records_fx_${kind === 'number' ? 'n' : 't'}_${name.toLowerCase()}`.slice(0, 63);

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
  const expr = fieldSql(dialect, name, kind);
  const idx = indexName(name, kind);
  if (dialect === 'sqlite') {
    await sql
      .raw(`create index if not exists ${idx} on records (tenant_id, module_id, is_draft, ${expr}, id)`)
      .execute(owner);
  } else {
    await sql
      .raw(`create index concurrently if not exists ${idx} on records (tenant_id, module_id, is_draft, (${expr}), id)`)
      .execute(owner);
  }
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
      const key = indexName(f.name, f.kind);
      if (this.done.has(key) || this.done.size > 200) continue;
      this.done.add(key);
      createFieldIndex(this.owner(), this.dialect, f.name, f.kind).catch((err: unknown) => {
        this.done.delete(key);
        this.log.warn({ err }, `could not create list index ${key}`);
      });
    }
  }
}
