import type { Plan } from './plan.js';
import type { ResultRow } from './schemas.js';

/**
 * Counts, sums and numeric minimums and maximums of a level are exactly those of the level below combined, so when
 * every measure is one of them and the group rows are complete, subtotals and the total come from the group rows
 * the database answered instead of another scan per level. Averages, distinct counts and text minimums (collation)
 * are never combined: those levels are queried.
 */
export const canRollUp = (plan: Plan) =>
  plan.measures.every(
    (m) => m.agg === 'count' || m.agg === 'sum' || (m.kind === 'number' && m.agg !== 'avg' && m.agg !== 'distinct'),
  );

function combine(plan: Plan, into: ResultRow, row: ResultRow) {
  for (const m of plan.measures) {
    const a = into[m.key] as number | null | undefined;
    const b = row[m.key] as number | null;
    if (b === null) continue;
    if (a === null || a === undefined) into[m.key] = b;
    else if (m.agg === 'min') into[m.key] = Math.min(a, b);
    else if (m.agg === 'max') into[m.key] = Math.max(a, b);
    else into[m.key] = a + b;
  }
}

/** Each level's rows (first `level` groups fixed) combined from the leaf rows, in the leaf rows' order. */
export function rollUp(plan: Plan, leaf: ResultRow[], level: number): ResultRow[] {
  const keys = plan.groups.slice(0, level).map((g) => g.key);
  const out = new Map<string, ResultRow>();
  for (const row of leaf) {
    const id = JSON.stringify(keys.map((k) => row[k]));
    let agg = out.get(id);
    if (!agg) {
      const fresh: ResultRow = {};
      for (const k of keys) fresh[k] = row[k] ?? null;
      for (const m of plan.measures) fresh[m.key] = m.agg === 'count' ? 0 : null;
      agg = fresh;
      out.set(id, agg);
    }
    combine(plan, agg, row);
  }
  const rows = [...out.values()];
  // Sorted by a measure: the level's own figures decide its order, as its query would (ties keep group order).
  const bySort = plan.sort
    .map((s) => ({ s, m: plan.measures[Number(s.alias.slice(1))] }))
    .filter((x) => x.s.alias.startsWith('m'));
  if (bySort.length)
    rows.sort((a, b) => {
      for (const { s, m } of bySort) {
        const x = a[m!.key] as number | null;
        const y = b[m!.key] as number | null;
        if (x === y) continue;
        const c = x === null ? -1 : y === null ? 1 : x - y;
        return s.dir === 'asc' ? c : -c;
      }
      return 0;
    });
  return rows;
}
