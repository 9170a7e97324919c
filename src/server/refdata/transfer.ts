import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { badRequest } from '../http/errors.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import {
  cellText,
  columnKeyOf,
  inferType,
  type DatasetColumn,
  type RowData,
} from '../../../runtime/dataset-columns.js';
import type { Dataset, ImportBody } from './schemas.js';
import { checkRows, newRow } from './rows.js';
import { keptDataset, rowsRefused, storeDataset } from './service.js';
import * as q from './queries.js';

/** An import holds at most this many rows; larger sets go in several files. */
export const MAX_IMPORT_ROWS = 100_000;
const PREVIEW_ROWS = 20;

type Cell = string | number | boolean | Date | null;

/** The first sheet of a workbook as rows of plain cells (formulas give their result, rich text its text). */
async function xlsxTable(bytes: Buffer): Promise<Cell[][]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw badRequest('The file is not a readable XLSX workbook');
  }
  const ws = wb.worksheets[0];
  if (!ws) return [];
  const rows: Cell[][] = [];
  ws.eachRow({ includeEmpty: true }, (row: ExcelJS.Row, n: number) => {
    const cells: Cell[] = [];
    for (let c = 1; c <= ws.columnCount; c++) cells.push(plainCell(row.getCell(c).value));
    rows[n - 1] = cells;
  });
  return Array.from(rows, (r) => r ?? []);
}

function plainCell(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v;
  if (typeof v !== 'object') return v;
  if ('result' in v) return plainCell(v.result as ExcelJS.CellValue);
  if ('richText' in v) return v.richText.map((t: ExcelJS.RichText) => t.text).join('');
  if ('text' in v) return String(v.text);
  return null;
}

function csvTable(bytes: Buffer): Cell[][] {
  try {
    return parse(bytes, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (e) {
    throw badRequest(`The file is not readable CSV: ${(e as Error).message}`);
  }
}

/** The file's table: its header row and its data rows (wholly empty rows dropped), by its extension. */
async function readTable(fileName: string, content: string) {
  const bytes = Buffer.from(content, 'base64');
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext !== 'csv' && ext !== 'xlsx') throw badRequest('Import a .csv or .xlsx file');
  const table = ext === 'csv' ? csvTable(bytes) : await xlsxTable(bytes);
  const [head, ...rest] = table;
  const headings = (head ?? []).map((h) => cellText(h instanceof Date ? h.toISOString() : h).trim());
  while (headings.length && !headings[headings.length - 1]) headings.pop();
  if (!headings.length) throw badRequest('The file has no heading row');
  const blank = headings.findIndex((h) => !h);
  if (blank >= 0) throw badRequest(`Column ${blank + 1} has no heading`);
  const rows = rest
    .map((cells, i) => ({ cells, line: i + 2 }))
    .filter((r) => r.cells.some((c) => c !== null && String(c).trim() !== ''));
  if (rows.length > MAX_IMPORT_ROWS)
    throw badRequest(`The file has ${rows.length} rows; an import takes at most ${MAX_IMPORT_ROWS}`);
  return { headings, rows };
}

/** Headings matched to a dataset's columns by key or label (case-insensitive); every heading must match one. */
function matchColumns(ds: Dataset, headings: string[]): DatasetColumn[] {
  const byName = new Map<string, DatasetColumn>();
  for (const c of ds.columns) {
    byName.set(c.key.toLowerCase(), c);
    byName.set(c.label.toLowerCase(), c);
  }
  const cols = headings.map((h) => {
    const c = byName.get(h.toLowerCase());
    if (!c) throw badRequest(`The column '${h}' is not in the dataset '${ds.name}'`);
    return c;
  });
  const missing = ds.columns.find((c) => c.required && !cols.includes(c));
  if (missing) throw badRequest(`The file has no '${missing.label}' column, which is required`);
  return cols;
}

/** Columns for a new dataset from the file: keys from headings, types from the cells, the first column as key. */
function inferColumns(headings: string[], rows: { cells: Cell[] }[]): DatasetColumn[] {
  const taken = new Set<string>();
  return headings.map((label, i) => ({
    key: columnKeyOf(label, taken),
    label: label.slice(0, 100),
    type: inferType(rows.map((r) => r.cells[i])),
    ...(i === 0 ? { required: true } : {}),
  }));
}

/**
 * Reads a CSV or XLSX file into a dataset (or a new one, named `name`). `preview` checks and shows without storing;
 * `append` and `replace` store every row or, when any row has a problem, none (the problems name row and column).
 */
export async function importFile(tdb: TenantDb, user: AuthUser, b: ImportBody) {
  const { headings, rows } = await readTable(b.fileName, b.content);
  return tdb.transaction(async (tx) => {
    const existing = b.datasetId ? await keptDataset(tx, user, b.datasetId) : null;
    if (!existing && !b.name?.trim()) throw badRequest('Name the new dataset, or choose one to import into');
    const columns = existing ? matchColumns(existing, headings) : inferColumns(headings, rows);
    const shape: Dataset = existing ?? {
      id: '',
      name: b.name!.trim(),
      description: null,
      kind: 'data',
      columns,
      keyColumn: columns[0]!.key,
      rowCount: 0,
      version: 1,
      modified_on: '',
    };
    const inputs = rows.map((r) => ({
      n: r.line,
      data: Object.fromEntries(columns.map((c, i) => [c.key, r.cells[i] ?? null])) as Record<string, unknown>,
    }));
    const replacing = b.mode === 'replace' || !existing;
    const owners = async (keys: string[]) => {
      const m = new Map<string, string>();
      if (replacing) return m;
      for (let i = 0; i < keys.length; i += 500)
        for (const r of await q.rowsByKeys(tx, shape.id, keys.slice(i, i + 500))) m.set(r.row_key, r.id);
      return m;
    };
    const checked = await checkRows(tx, shape, inputs, owners);
    const answer = {
      columns: shape.columns,
      keyColumn: shape.keyColumn,
      total: rows.length,
      preview: checked.rows.slice(0, PREVIEW_ROWS).map((r) => r.values),
      errors: checked.problems.slice(0, 200),
      errorCount: checked.problems.length,
    };
    if (b.mode === 'preview') return { ...answer, datasetId: existing?.id ?? null, imported: 0 };
    if (checked.problems.length)
      throw rowsRefused(
        `${new Set(checked.problems.map((p) => p.row)).size} rows have problems; nothing was imported.`,
        checked.problems,
      );
    const ds = existing ?? (await storeDataset(tx, user, { name: shape.name, columns, keyColumn: shape.keyColumn }));
    if (existing && b.mode === 'replace') await q.deleteAllRows(tx, ds.id);
    let position = await q.lastPosition(tx, ds.id);
    await q.insertRows(
      tx,
      checked.rows.map((r) => newRow(ds.id, r, (position += 1024))),
    );
    await q.recount(tx, ds.id);
    return { ...answer, columns: ds.columns, datasetId: ds.id, imported: checked.rows.length };
  });
}

/** Text a spreadsheet would run as a formula is kept as text (a leading quote), so an export cannot carry one. */
const inert = (c: DatasetColumn, v: string) => (c.type === 'text' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** A dataset as a file: a heading row of labels, then every row in order (read a chunk at a time). */
export async function exportFile(tdb: TenantDb, user: AuthUser, id: string, format: 'csv' | 'xlsx') {
  const ds = await keptDataset(tdb, user, id);
  const cells = (data: RowData) => ds.columns.map((c) => data[c.key] ?? null);
  if (format === 'csv') {
    const parts = [stringify([ds.columns.map((c) => c.label)], { bom: true })];
    for await (const page of q.allRows(tdb, ds.id))
      parts.push(
        stringify(
          page.map((r) => cells(JSON.parse(r.row_data) as RowData).map((v, i) => inert(ds.columns[i]!, cellText(v)))),
        ),
      );
    return { ds, body: Buffer.from(parts.join('')), type: 'text/csv; charset=utf-8' };
  }
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(ds.name.slice(0, 31) || 'Data');
  ws.addRow(ds.columns.map((c) => c.label)).font = { bold: true };
  for await (const page of q.allRows(tdb, ds.id))
    for (const r of page) ws.addRow(cells(JSON.parse(r.row_data) as RowData));
  const body = Buffer.from(await wb.xlsx.writeBuffer());
  return { ds, body, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
}
