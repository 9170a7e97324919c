import type { EntryRow, ListColumn } from '../../api/entries';

/** The text of one list cell: field values from data, system columns from the row; system times through `when`. */
export function cellText(row: EntryRow, col: ListColumn, when?: (iso: string) => string): string {
  if (col.data === 'process_status') return row.process_status_display;
  if (col.data === 'tasks') return row.tasks.map((t) => t.assignee).join(', ');
  const v = col.field ? row.data[col.data] : row[col.data];
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  if (typeof v === 'boolean') return v ? '✓' : '';
  if (when && !col.field && col.data.endsWith('_on') && typeof v === 'string') return when(v);
  return String(v);
}

/** The first 20 columns are shown until the user chooses otherwise (spec section 2). */
export const DEFAULT_VISIBLE = 20;

export function visibleColumns(columns: ListColumn[], hidden: string[] | undefined): ListColumn[] {
  if (!hidden) return columns.slice(0, DEFAULT_VISIBLE);
  return columns.filter((c) => !hidden.includes(c.data));
}
