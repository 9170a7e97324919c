import type { Measure, ReportSpec, ResultColumn, ResultRow, RunResult } from './api';

/** The key of a measure's figure in result rows: `count`, or `<aggregate>_<column>`. */
export const measureKey = (m: Measure) => (m.aggregate === 'count' ? 'count' : `${m.aggregate}_${m.column ?? ''}`);

/** A new quick report over one app: the number of its records. */
export const emptySpec = (moduleId: string): ReportSpec => ({
  moduleId,
  filters: [],
  groupBy: [],
  measures: [{ aggregate: 'count' }],
  sort: [],
  chart: 'bar',
});

/** Only what the server needs: empty lists and unfinished rows (a filter without a column) left out. */
export function cleanSpec(spec: ReportSpec): ReportSpec {
  const filters = (spec.filters ?? []).filter((f) => f.field);
  const groupBy = (spec.groupBy ?? []).filter((g) => g.column);
  const measures = (spec.measures ?? []).filter((m) => m.aggregate === 'count' || m.column);
  const sort = (spec.sort ?? []).filter((s) => s.key);
  return {
    moduleId: spec.moduleId,
    ...(spec.columns?.length ? { columns: spec.columns } : {}),
    ...(filters.length ? { filters } : {}),
    ...(groupBy.length ? { groupBy } : {}),
    ...(spec.pivot?.column && groupBy.length ? { pivot: spec.pivot } : {}),
    ...(measures.length ? { measures } : {}),
    ...(sort.length ? { sort } : {}),
    chart: spec.chart ?? 'none',
  };
}

/** One line of the result table: a group row, a subtotal of the first `level` groups, or the grand total. */
export interface Line {
  kind: 'row' | 'subtotal' | 'total';
  level: number;
  values: ResultRow;
  /** The group values that select the records behind this line's figures (`{}`: all of them). */
  group: ResultRow;
}

const prefixKey = (row: ResultRow, groups: ResultColumn[], level: number) =>
  JSON.stringify(groups.slice(0, level).map((g) => row[g.key] ?? null));

const groupOf = (row: ResultRow, groups: ResultColumn[], level: number): ResultRow =>
  Object.fromEntries(groups.slice(0, level).map((g) => [g.key, row[g.key] ?? null]));

/**
 * The rows in the server's order with each subtotal after the last row under it (deepest first), then the total.
 * Subtotals exist only above the deepest group (a subtotal of every group would repeat the row).
 */
export function tableLines(result: RunResult): Line[] {
  const groups = result.columns.filter((c) => c.role === 'group');
  const depth = groups.length;
  const subtotals = new Map<string, ResultRow>();
  for (const s of result.subtotals)
    if (s.level > 0 && s.level < depth) subtotals.set(`${s.level}:${prefixKey(s.values, groups, s.level)}`, s.values);
  const lines: Line[] = [];
  const close = (row: ResultRow, from: number) => {
    for (let level = depth - 1; level >= from; level--) {
      const values = subtotals.get(`${level}:${prefixKey(row, groups, level)}`);
      if (values) lines.push({ kind: 'subtotal', level, values, group: groupOf(row, groups, level) });
    }
  };
  result.rows.forEach((row, i) => {
    lines.push({ kind: 'row', level: depth, values: row, group: groupOf(row, groups, depth) });
    const next = result.rows[i + 1];
    if (!next) return close(row, 1);
    // The first group level whose value changes closes every subtotal from there down.
    const changed = groups.findIndex((g) => (row[g.key] ?? null) !== (next[g.key] ?? null));
    if (changed >= 0) close(row, changed + 1);
  });
  if (depth > 0 || result.rows.length === 0) lines.push({ kind: 'total', level: 0, values: result.total, group: {} });
  return lines;
}

/** Is this column a figure one may drill into (a measure, or a pivot cell holding the first measure)? */
export const isFigure = (c: ResultColumn) => c.role === 'measure' || c.role === 'pivot';
