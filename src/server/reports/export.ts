import { PassThrough, Readable, type Writable } from 'node:stream';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { afterTupleSql } from './engine.js';
import { levelQuery, ordered, type Plan, type PlanGroup } from './plan.js';
import { flatQuery, flatRow, pivotColumns, pivotValues, resultColumns, rowOf } from './run.js';

/**
 * Rows read per query: keyset batches keep memory flat at any size (tests make it small to cross batches). Small
 * batches die young: a PostgreSQL result of 2,000 rows arrives over many reads, lives through several young-generation
 * collections and is promoted, so the old generation (and RSS) grew by 200 MB over a 1,000,000-row export.
 */
export const exportBatch = { size: 500 };

type Cell = string | number | null;
type Raw = Record<string, unknown>;

/** Text a spreadsheet would run as a formula gets a leading quote. */
export const defuse = (v: Cell): Cell => (typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** A level's rows in group order, read in keyset batches over the group values. */
async function* levelStream(tdb: TenantDb, plan: Plan, groups: PlanGroup[]): AsyncGenerator<Raw> {
  let last: unknown[] | undefined;
  for (;;) {
    const where = last
      ? [
          afterTupleSql(
            groups.map((g) => g.expr),
            last,
          ),
        ]
      : [];
    const rows = (await ordered(levelQuery(tdb, plan, groups, where), plan, groups.length, false)
      .limit(exportBatch.size)
      .execute()) as Raw[];
    const full = rows.length === exportBatch.size && groups.length > 0;
    const end = rows[rows.length - 1];
    if (end) last = groups.map((_, i) => end[`g${i}`]);
    yield* handOn(rows);
    if (!full) return;
  }
}

/**
 * Yields a batch's items, letting go of each as it is handed on: a download that waits for its client suspends the
 * generator, and a batch it still held would outlive young-generation collections and pile up in the old one.
 */
function* handOn<T>(items: (T | undefined)[]): Generator<T> {
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as T;
    items[i] = undefined;
    yield item;
  }
}

const prefixKey = (r: Raw, n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => r[`g${i}`]));

/** Every matching record, in record order (by id). */
async function* flatRows(tdb: TenantDb, plan: Plan): AsyncGenerator<Cell[]> {
  const noSort = { ...plan, sort: [] };
  let after: string | undefined;
  for (;;) {
    const rows = (await flatQuery(tdb, noSort, after).limit(exportBatch.size).execute()) as Raw[];
    const full = rows.length === exportBatch.size;
    if (full) after = String(rows[rows.length - 1]!.id);
    const cells = rows.map((r) => {
      const row = flatRow(plan, r);
      return plan.flat.map((c) => row[c.key] ?? null);
    });
    rows.length = 0;
    yield* handOn(cells);
    if (!full) return;
  }
}

/** Group rows with a subtotal row after each group of every level, then the grand total. */
async function* groupedRows(tdb: TenantDb, plan: Plan): AsyncGenerator<Cell[]> {
  const n = plan.groups.length;
  const measures = (r: Raw, groups: PlanGroup[]) => {
    const row = rowOf(plan, groups, r);
    return plan.measures.map((m) => row[m.key] ?? null);
  };
  const sub = (level: number, r: Raw): Cell[] => {
    const row = rowOf(plan, plan.groups.slice(0, level), r);
    const cells: Cell[] = plan.groups.map((g, i) =>
      i < level ? (row[g.key] ?? null) : i === level ? 'Subtotal' : null,
    );
    return [...cells, ...measures(r, [])];
  };
  const levels = Array.from({ length: Math.max(0, n - 1) }, (_, l) =>
    levelStream(tdb, plan, plan.groups.slice(0, l + 1)),
  );
  async function* flush(fromLevel: number) {
    for (let l = n - 1; l >= fromLevel; l--) {
      const next = await levels[l - 1]!.next();
      if (!next.done) yield sub(l, next.value);
    }
  }
  let prev: Raw | undefined;
  if (n)
    for await (const r of levelStream(tdb, plan, plan.groups)) {
      if (prev) {
        let d = 0;
        while (d < n - 1 && prefixKey(prev, d + 1) === prefixKey(r, d + 1)) d++;
        // The first d groups are unchanged: levels deeper than d have finished.
        if (d < n - 1) yield* flush(d + 1);
      }
      const row = rowOf(plan, plan.groups, r);
      yield [...plan.groups.map((g) => row[g.key] ?? null), ...measures(r, [])];
      prev = r;
    }
  if (prev) yield* flush(1);
  const total = (await levelQuery(tdb, plan, []).executeTakeFirst()) as Raw | undefined;
  yield [...plan.groups.map((_, i) => (i === 0 ? 'Total' : null)), ...measures(total ?? {}, [])];
}

/** rows × pivot values × first measure, each row with its total, then the total row. */
async function* pivotRows(tdb: TenantDb, plan: Plan, pivot: PlanGroup, values: Cell[]): AsyncGenerator<Cell[]> {
  const index = new Map(values.map((v, i) => [JSON.stringify(v), i]));
  const n = plan.groups.length;
  const cells = levelStream(tdb, plan, [...plan.groups, pivot]);
  let pending = await cells.next();
  const line = (r: Raw, groups: PlanGroup[], own: IteratorResult<Raw>[]) => {
    const row = rowOf(plan, groups, r);
    const out: Cell[] = [...plan.groups.map((g) => row[g.key] ?? null), ...values.map(() => null)];
    for (const c of own) {
      const cell = rowOf(plan, [...plan.groups, pivot], c.value as Raw);
      const i = index.get(JSON.stringify(cell[pivot.key]));
      if (i !== undefined) out[n + i] = cell[plan.measures[0]!.key] ?? null;
    }
    return [...out, row[plan.measures[0]!.key] ?? null];
  };
  if (n)
    for await (const r of levelStream(tdb, plan, plan.groups)) {
      const own: IteratorResult<Raw>[] = [];
      while (!pending.done && prefixKey(pending.value, n) === prefixKey(r, n)) {
        own.push(pending);
        pending = await cells.next();
      }
      yield line(r, plan.groups, own);
    }
  const totals = levelStream(tdb, plan, [pivot]);
  const own: IteratorResult<Raw>[] = [];
  for await (const c of totals) own.push({ done: false, value: c });
  const total = (await levelQuery(tdb, plan, []).executeTakeFirst()) as Raw | undefined;
  const last = line(total ?? {}, [], own);
  if (n) last[0] = 'Total';
  yield last;
}

/** The header and the rows of a report as exported: flat, grouped with subtotals, or pivoted. */
export async function exportTable(
  tdb: TenantDb,
  plan: Plan,
): Promise<{ head: string[]; rows: AsyncGenerator<Cell[]> }> {
  if (!plan.groups.length && !plan.measures.length)
    return { head: resultColumns(plan).map((c) => c.label), rows: flatRows(tdb, plan) };
  if (plan.pivot) {
    const only = { ...plan, measures: plan.measures.slice(0, 1) };
    const { values } = await pivotValues(tdb, only, plan.pivot);
    return {
      head: pivotColumns(only, plan.pivot, values).map((c) => c.label),
      rows: pivotRows(tdb, only, plan.pivot, values),
    };
  }
  return { head: resultColumns(plan).map((c) => c.label), rows: groupedRows(tdb, plan) };
}

/** CSV (UTF-8 with a byte-order mark, for spreadsheets), written in chunks of exportBatch.size rows. */
export function csvStream(head: string[], rows: AsyncGenerator<Cell[]>): Readable {
  async function* chunks() {
    yield '\ufeff' + stringify([head.map(defuse)]);
    let batch: Cell[][] = [];
    for await (const r of rows) {
      batch.push(r.map(defuse));
      if (batch.length >= exportBatch.size) {
        // Let go of the rows before waiting for the client (see handOn).
        const text = stringify(batch);
        batch = [];
        yield text;
      }
    }
    if (batch.length) yield stringify(batch);
  }
  return Readable.from(chunks());
}

/** Bytes handed to the zip's compressor but not compressed yet, past which rows wait for it. */
const ZIP_PENDING = 1 << 20;
const tick = () => new Promise((r) => setTimeout(r, 5));

/** The zip's input is a readable-stream 2 PassThrough, which predates `writableLength`. */
type Pipe = Writable & { _writableState?: { length: number } };
const pending = (p: Pipe) => p.writableLength ?? p._writableState?.length ?? 0;

/**
 * exceljs's sheet stream hands its buffers to the zip's compressor without waiting (write's answer is ignored), so a
 * compressor slower than the rows would pile the whole sheet up in memory: rows wait while it is behind.
 */
async function zipCaughtUp(sheet: ExcelJS.Worksheet) {
  const s = (sheet as unknown as { stream: unknown }).stream as { pipes?: Pipe[]; buffers?: unknown[] };
  for (;;) {
    const behind = (s.pipes ?? []).find((p) => pending(p) > ZIP_PENDING);
    if (behind) await once(behind, 'drain');
    else if (!s.pipes?.length && (s.buffers?.length ?? 0) > 16) await tick();
    else return;
  }
}

/** XLSX through exceljs's streaming writer: each row is committed (written out) at once. */
export function xlsxStream(title: string, head: string[], rows: AsyncGenerator<Cell[]>, onError: (e: unknown) => void) {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = book.addWorksheet(title.replace(/[\\/*?:[\]]/g, ' ').slice(0, 31) || 'Report');
  void (async () => {
    sheet.addRow(head.map(defuse)).commit();
    let n = 0;
    for await (const r of rows) {
      sheet.addRow(r.map(defuse)).commit();
      // Wait for the client when the stream is full, so a slow download never piles rows up in memory.
      if (++n % 500 === 0) {
        await zipCaughtUp(sheet);
        if (out.writableNeedDrain) await once(out, 'drain');
      }
    }
    sheet.commit();
    await book.commit();
  })().catch((e: unknown) => {
    onError(e);
    out.destroy(e as Error);
  });
  return out;
}
