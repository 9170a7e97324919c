/**
 * Typed columns of a reference dataset and the one way a cell's text becomes a stored value. The dataset editor
 * checks a cell as it is typed with these, and the server checks every row it stores (added, edited, imported).
 */
export const COLUMN_TYPES = ['text', 'number', 'date', 'boolean'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

export interface DatasetColumn {
  /** The stored name: letters, digits and underscores, unique in the dataset. */
  key: string;
  label: string;
  type: ColumnType;
  required?: boolean;
}

export type CellValue = string | number | boolean | null;
export type RowData = Record<string, CellValue>;

export const COLUMN_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TRUE = new Set(['true', 'yes', 'y', '1']);
const FALSE = new Set(['false', 'no', 'n', '0']);

/** A column key made from a heading: "Cost centre #" becomes "cost_centre". */
export function columnKeyOf(label: string, taken: Set<string>): string {
  let base =
    label
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .toLowerCase()
      .slice(0, 50) || 'column';
  if (/^\d/.test(base)) base = `c_${base}`;
  let key = base;
  for (let i = 2; taken.has(key); i++) key = `${base}_${i}`;
  taken.add(key);
  return key;
}

const validDate = (s: string) => ISO_DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

/** A cell's value for its column, or the problem with it. Empty text is null (refused when the column is required). */
export function cellValue(col: DatasetColumn, raw: unknown): { value: CellValue } | { error: string } {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    return col.required ? { error: `${col.label} is required` } : { value: null };
  }
  if (raw instanceof Date) raw = raw.toISOString().slice(0, 10);
  switch (col.type) {
    case 'number': {
      const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
      return Number.isFinite(n) ? { value: n } : { error: `${col.label} must be a number` };
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { value: raw };
      const s = String(raw).trim().toLowerCase();
      if (TRUE.has(s)) return { value: true };
      if (FALSE.has(s)) return { value: false };
      return { error: `${col.label} must be true or false` };
    }
    case 'date': {
      const s = String(raw).trim().slice(0, 10);
      return validDate(s) ? { value: s } : { error: `${col.label} must be a date (YYYY-MM-DD)` };
    }
    default: {
      if (typeof raw === 'object') return { error: `${col.label} must be text` };
      const s = String(raw);
      return s.length > 2000 ? { error: `${col.label} cannot exceed 2000 characters` } : { value: s };
    }
  }
}

/** The type most cells of a column read as: number, date or boolean when every non-empty cell fits, else text. */
export function inferType(cells: unknown[]): ColumnType {
  const filled = cells.filter((c) => c !== null && c !== undefined && String(c).trim() !== '');
  if (!filled.length) return 'text';
  for (const type of ['number', 'date', 'boolean'] as const) {
    const col: DatasetColumn = { key: 'x', label: 'x', type };
    if (filled.every((c) => 'value' in cellValue(col, c))) return type;
  }
  return 'text';
}

/** A row's cells checked against the columns: the stored values, and one message per bad cell. */
export function rowValues(columns: DatasetColumn[], input: Record<string, unknown>) {
  const values: RowData = {};
  const errors: { column: string; message: string }[] = [];
  for (const col of columns) {
    const r = cellValue(col, input[col.key]);
    if ('error' in r) errors.push({ column: col.key, message: r.error });
    else values[col.key] = r.value;
  }
  return { values, errors };
}

/** A cell as text (exports, the editor's inputs). */
export const cellText = (v: CellValue | undefined): string => (v === null || v === undefined ? '' : String(v));
