import type { EntryRow, ListColumn } from '../../api/entries';

/** The text of one list cell: field values from data, system columns from the row; system times through `when`. */
export function cellText(row: EntryRow, col: ListColumn, when?: (iso: string) => string): string {
  if (col.data === 'process_status') return row.process_status_display;
  if (col.data === 'tasks') return row.tasks.map((t) => t.assignee).join(', ');
  const v = col.field ? row.data[col.data] : row[col.data];
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(objectText).join(', ');
  if (typeof v === 'object') return objectText(v);
  if (typeof v === 'boolean') return v ? '✓' : '';
  if (when && !col.field && col.data.endsWith('_on') && typeof v === 'string') return when(v);
  return String(v);
}

/** A stored reference (`{ id, label }`, see RecordRef) shows by its label; other objects as JSON. */
function objectText(x: unknown): string {
  if (!x || typeof x !== 'object') return String(x);
  const label = (x as { label?: unknown }).label;
  return typeof label === 'string' ? label : JSON.stringify(x);
}

/** The first 20 columns are shown until the user chooses otherwise (spec section 2). */
export const DEFAULT_VISIBLE = 20;

export function visibleColumns(columns: ListColumn[], hidden: string[] | undefined): ListColumn[] {
  if (!hidden) return columns.slice(0, DEFAULT_VISIBLE);
  return columns.filter((c) => !hidden.includes(c.data));
}
