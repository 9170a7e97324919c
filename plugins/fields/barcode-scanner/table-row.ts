import type { FieldGroup } from '../../../schemas/module-definition';

export interface RowWrites {
  /** Field name -> text, for the next empty row of the table and for mapped fields outside it. */
  writes: Record<string, string>;
  problem?: 'noTable' | 'full';
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

/**
 * Continuous scanning: a table section's rows are fixed rows of fields, so each code fills the next row whose target
 * cells are empty. A mapped field inside the table names its column (any row's field in that column will do); mapped
 * fields outside the table are written as they are. Without a mapping into the table the code goes into its first
 * column.
 */
export function nextRowWrites(
  groups: readonly FieldGroup[],
  section: string,
  values: Record<string, unknown>,
  mapped: Record<string, string>,
  raw: string,
): RowWrites {
  const writes = Object.create(null) as Record<string, string>;
  const wanted = section.trim();
  const table = groups.find((g) => g.isTable && (g.id === wanted || g.label === wanted));
  if (!table) return { writes, problem: 'noTable' };
  const rows = table.rows.map((r) => r.fields.map((f) => f.name));
  const columnOf = (name: string) => {
    for (const r of rows) if (r.includes(name)) return r.indexOf(name);
    return -1;
  };
  const byColumn = new Map<number, string>();
  for (const [name, v] of Object.entries(mapped)) {
    const c = columnOf(name);
    if (c < 0) writes[name] = v;
    else byColumn.set(c, v);
  }
  if (!byColumn.size) byColumn.set(0, raw);
  const row = rows.find((r) => [...byColumn.keys()].every((c) => r[c] !== undefined && isEmpty(values[r[c]!])));
  if (!row) return { writes: Object.create(null) as Record<string, string>, problem: 'full' };
  for (const [c, v] of byColumn) writes[row[c]!] = v;
  return { writes };
}
