import { sql, type SqlBool } from 'kysely';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { badRequest } from '../http/errors.js';
import { processStatus } from '../engine/status.js';
import { equalsSql, num } from './engine.js';
import { baseQuery, levelQuery, ordered, type Plan, type PlanGroup } from './plan.js';
import { canRollUp, rollUp } from './rollup.js';
import type { DrillPage, ResultColumn, ResultRow, RunResult } from './schemas.js';
import { direct, type Reader } from './cached-rows.js';

/** Group rows a run answers at most (exports have no cap). */
export const MAX_ROWS = 5_000;
/** Pivot values shown as columns at most. */
export const MAX_PIVOT = 50;

type Raw = Record<string, unknown>;

/** A level query's row in the answer's keys: group keys, then measure keys. */
export function rowOf(plan: Plan, groups: PlanGroup[], r: Raw): ResultRow {
  const out: ResultRow = {};
  groups.forEach((g, i) => {
    const v = r[`g${i}`];
    out[g.key] = v === null || v === undefined ? null : g.kind === 'number' ? Number(v) : String(v);
  });
  plan.measures.forEach((m, i) => {
    const v = r[`m${i}`];
    out[m.key] = m.kind === 'number' ? num(v) : v === null || v === undefined ? null : (v as string | number);
  });
  return out;
}

export function resultColumns(plan: Plan): ResultColumn[] {
  if (!plan.groups.length && !plan.measures.length)
    return plan.flat.map((c) => ({ key: c.key, label: c.label, role: 'value' as const, kind: c.view }));
  return [
    ...plan.groups.map((g) => ({ key: g.key, label: g.label, role: 'group' as const, kind: g.kind })),
    ...plan.measures.map((m) => ({ key: m.key, label: m.label, role: 'measure' as const, kind: m.kind })),
  ];
}

const capped = <T>(rows: T[]) => ({ rows: rows.slice(0, MAX_ROWS), more: rows.length > MAX_ROWS });

/** Figures are computed by the database (GROUP BY per level: averages and distinct counts do not add up). */
export async function runPlan(
  tdb: TenantDb,
  plan: Plan,
  read: Reader = direct,
): Promise<Omit<RunResult, 'chart' | 'title'>> {
  if (!plan.groups.length && !plan.measures.length) return runFlat(tdb, plan);
  if (plan.pivot) return runPivot(tdb, plan, plan.pivot, read);
  const n = plan.groups.length;
  const query = (l: number) =>
    read(ordered(levelQuery(tdb, plan, plan.groups.slice(0, l)), plan, l).limit(MAX_ROWS + 1)) as Promise<Raw[]>;
  // The other levels and the total, side by side (on SQLite each on a reader thread where the caller has them).
  const others = () =>
    Promise.all([Promise.all(plan.groups.slice(1).map((_, l) => query(l + 1))), read(levelQuery(tdb, plan, []))]);
  // Totals that cannot be added up from the leaf rows are asked at once, beside the leaf.
  const early = n && canRollUp(plan) ? undefined : others();
  // Awaited below unless the leaf fails first: then its own failure is the answer.
  early?.catch(() => undefined);
  const leafRaw = n ? await query(n) : [];
  const leaf = capped(leafRaw.map((r) => rowOf(plan, plan.groups, r)));
  let subtotals: { level: number; values: ResultRow }[];
  let total: ResultRow;
  let more = leaf.more;
  if (!early && !leaf.more) {
    subtotals = plan.groups
      .slice(1)
      .flatMap((_, l) => rollUp(plan, leaf.rows, l + 1).map((values) => ({ level: l + 1, values })));
    total =
      rollUp(plan, leaf.rows, 0)[0] ??
      Object.fromEntries(plan.measures.map((m) => [m.key, m.agg === 'count' ? 0 : null]));
  } else {
    const [levels, totalRows] = await (early ?? others());
    subtotals = levels.flatMap((rows, l) =>
      rows.slice(0, MAX_ROWS).map((r) => ({ level: l + 1, values: rowOf(plan, plan.groups.slice(0, l + 1), r) })),
    );
    more ||= levels.some((r) => r.length > MAX_ROWS);
    total = rowOf(plan, [], (totalRows[0] ?? {}) as Raw);
  }
  return { columns: resultColumns(plan), rows: n ? leaf.rows : [total], subtotals, total, truncated: more };
}

/** The records themselves, as the flat list's columns (the first 5,000 in the asked order). */
async function runFlat(tdb: TenantDb, plan: Plan) {
  const rows = await flatQuery(tdb, plan)
    .limit(MAX_ROWS + 1)
    .execute();
  const count = await baseQuery(tdb, plan)
    .select(sql`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const { rows: page, more } = capped(rows);
  return {
    columns: resultColumns(plan),
    rows: page.map((r) => flatRow(plan, r as Raw)),
    subtotals: [],
    total: { count: Number((count as Raw).n) },
    truncated: more,
  };
}

export function flatQuery(tdb: TenantDb, plan: Plan, afterId?: string) {
  let q = baseQuery(tdb, plan, !plan.sort.length).select([
    'records.id',
    ...plan.flat.map((c, i) => sql`${c.expr}`.as(`c${i}`)),
  ]);
  if (afterId !== undefined) q = q.where('records.id', '>', afterId);
  for (const s of plan.sort) q = q.orderBy(sql`${sql.ref(s.alias)} ${sql.raw(s.dir)} nulls first`);
  return q.orderBy('records.id', 'asc');
}

export function flatRow(plan: Plan, r: Raw): ResultRow {
  const out: ResultRow = {};
  plan.flat.forEach((c, i) => {
    const v = r[`c${i}`];
    out[c.key] =
      v === null || v === undefined
        ? null
        : c.kind === 'number'
          ? Number(v)
          : typeof v === 'object'
            ? JSON.stringify(v)
            : (v as string | number);
  });
  return out;
}

/** The pivot's values (columns), in order, at most MAX_PIVOT of them. */
export async function pivotValues(tdb: TenantDb, plan: Plan, pivot: PlanGroup, read: Reader = direct) {
  const rows = await read(
    baseQuery(tdb, plan)
      .select(sql`${pivot.expr}`.as('g0'))
      .groupBy(sql.raw('1'))
      .orderBy(sql`${sql.ref('g0')} asc nulls first`)
      .limit(MAX_PIVOT + 1),
  );
  const values = rows.map((r) => rowOf({ ...plan, measures: [] }, [pivot], r as Raw)[pivot.key] ?? null);
  return { values: values.slice(0, MAX_PIVOT), more: values.length > MAX_PIVOT };
}

export const pivotColumns = (plan: Plan, pivot: PlanGroup, values: (string | number | null)[]): ResultColumn[] => [
  ...plan.groups.map((g) => ({ key: g.key, label: g.label, role: 'group' as const, kind: g.kind })),
  ...values.map((v, i) => ({
    key: `pivot_${i}`,
    label: v === null ? '' : String(v),
    role: 'pivot' as const,
    kind: plan.measures[0]!.kind,
    pivotValue: v,
    pivotKey: pivot.key,
  })),
  {
    key: plan.measures[0]!.key,
    label: plan.measures[0]!.label,
    role: 'measure' as const,
    kind: plan.measures[0]!.kind,
  },
];

/** rows × pivot values × the first measure; each level's rows carry their own total of the measure. */
async function runPivot(tdb: TenantDb, plan: Plan, pivot: PlanGroup, read: Reader) {
  const only = { ...plan, measures: plan.measures.slice(0, 1) };
  const { values, more } = await pivotValues(tdb, only, pivot, read);
  const index = new Map(values.map((v, i) => [JSON.stringify(v), i]));
  const m = only.measures[0]!;
  const level = async (n: number) => {
    const groups = plan.groups.slice(0, n);
    const [rows, cells] = await Promise.all([
      read(ordered(levelQuery(tdb, only, groups), only, n).limit(MAX_ROWS + 1)),
      read(levelQuery(tdb, only, [...groups, pivot]).limit(MAX_ROWS * MAX_PIVOT + 1)),
    ]);
    const byGroup = new Map<string, ResultRow>();
    const out = rows.slice(0, MAX_ROWS).map((r) => {
      const row = rowOf(only, groups, r as Raw);
      byGroup.set(JSON.stringify(groups.map((g) => row[g.key])), row);
      return row;
    });
    for (const c of cells) {
      const cell = rowOf(only, [...groups, pivot], c as Raw);
      const i = index.get(JSON.stringify(cell[pivot.key]));
      const row = byGroup.get(JSON.stringify(groups.map((g) => cell[g.key])));
      if (i !== undefined && row) row[`pivot_${i}`] = cell[m.key] ?? null;
    }
    return { rows: out, more: rows.length > MAX_ROWS || cells.length > MAX_ROWS * MAX_PIVOT };
  };
  const levels = await Promise.all(plan.groups.map((_, l) => level(l + 1)));
  const total = await level(0);
  const leaf = levels[levels.length - 1];
  return {
    columns: pivotColumns(only, pivot, values),
    rows: leaf ? leaf.rows : total.rows,
    subtotals: levels.slice(0, -1).flatMap((x, l) => x.rows.map((values) => ({ level: l + 1, values }))),
    total: total.rows[0] ?? {},
    truncated: more || levels.some((x) => x.more),
  };
}

const DRILL_SELECT = [
  'records.id',
  'records.module_id',
  'records.sequence_number',
  'records.data',
  'records.workflow_status',
  'records.workflow_started_on',
  'records.workflow_completed_on',
] as const;

/** The records behind one figure: the run's conditions plus the group's values, by id (keyset). */
export async function drillPlan(
  tdb: TenantDb,
  plan: Plan,
  group: Record<string, string | number | null>,
  length: number,
  cursor: string | null | undefined,
): Promise<DrillPage> {
  const defs = [...plan.groups, ...(plan.pivot ? [plan.pivot] : [])];
  const where: ReturnType<typeof equalsSql>[] = [];
  for (const [key, value] of Object.entries(group)) {
    const g = defs.find((d) => d.key === key);
    if (!g) throw badRequest(`'${key}' is not a group of this report.`);
    where.push(equalsSql(g.expr, value));
  }
  let q = baseQuery(tdb, plan, true);
  for (const w of where) q = q.where(w);
  let after: string | undefined;
  if (cursor) {
    after = Buffer.from(cursor, 'base64url').toString();
    if (!/^[\w-]{1,100}$/.test(after)) throw badRequest('The cursor is not valid.');
  }
  const [rows, count] = await Promise.all([
    (after ? q.where(sql<SqlBool>`records.id > ${after}`) : q)
      .select([...DRILL_SELECT])
      .orderBy('records.id', 'asc')
      .limit(length + 1)
      .execute(),
    q.select(sql`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const fields = [...plan.columns.values()].filter((c) => c.field).map((c) => c.key);
  const page = rows.slice(0, length);
  return {
    rows: page.map((r) => {
      const data = JSON.parse(r.data) as Record<string, unknown>;
      return {
        id: r.id,
        moduleId: r.module_id,
        sequence_number: r.sequence_number,
        // Only the fields the viewer may read (none that a step hides).
        data: Object.fromEntries(fields.filter((k) => k in data).map((k) => [k, data[k]])),
        process_status: processStatus(r).status,
      };
    }),
    nextCursor: rows.length > length ? Buffer.from(page[page.length - 1]!.id).toString('base64url') : null,
    total: Number((count as Raw).n),
  };
}
