import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DialectName } from '../db/database.js';
import type { LoadedVersion } from '../records/store.js';
import { listColumns, type ListColumn } from '../entries/columns.js';
import { processStatusSql, PROCESS_STATUSES } from '../entries/status-sql.js';
import { badRequest } from '../http/errors.js';
import type { Aggregate, DateBucket } from './schemas.js';

export type ViewKind = 'text' | 'number' | 'date';

/** A column a report may use: a list column (same expression, so filters and indexes match) with its view kind. */
export interface ReportColumn extends ListColumn {
  view: ViewKind;
}

/** The process columns a report offers besides the fields (and created_on, which dashboards filter by). */
const PROCESS = [
  'process_status',
  'process_outcome',
  'workflow_activity_name',
  'workflow_started_on',
  'workflow_initiator_user',
  'workflow_completed_on',
  'created_on',
];
const DATE_SYSTEM = new Set(['workflow_started_on', 'workflow_completed_on', 'created_on']);

/** The derived status as one value (the list's status column is computed in Node; a report groups by it in SQL). */
const statusCase = sql`(case ${sql.join(
  PROCESS_STATUSES.map((s) => sql`when ${processStatusSql(s)} then ${sql.lit(s)}`),
  sql` `,
)} end)`;

/** The initiator is shown by name, so groups and drills use the name too. */
const initiatorName = sql`(select coalesce(nullif(u.fullname, ''), u.username) from users u where u.id = records.workflow_initiator_user and u.tenant_id = records.tenant_id)`;

const cache = new WeakMap<LoadedVersion, Map<DialectName, Map<string, ReportColumn>>>();

/**
 * The columns of a report over this published version: the fields a list may show (none that any step hides, the
 * same rule as the record list) and the process columns. Anything else is "Cannot report on".
 */
export function reportColumns(v: LoadedVersion, dialect: DialectName): Map<string, ReportColumn> {
  const hit = cache.get(v)?.get(dialect);
  if (hit) return hit;
  const out = new Map<string, ReportColumn>();
  for (const c of listColumns(v, dialect).values()) {
    if (c.field) {
      const schema = v.compiled.fields[c.key]!.valueSchema as { format?: string; enum?: unknown[] };
      const view: ViewKind =
        c.kind === 'number' ? 'number' : schema.format === 'date' || schema.format === 'date-time' ? 'date' : 'text';
      const values = Array.isArray(schema.enum) ? schema.enum.map(String) : undefined;
      out.set(c.key, { ...c, view, ...(values ? { values } : {}) });
    } else if (PROCESS.includes(c.key)) {
      const expr =
        c.key === 'process_status' ? statusCase : c.key === 'workflow_initiator_user' ? initiatorName : c.expr;
      out.set(c.key, { ...c, expr, sortExpr: expr, view: DATE_SYSTEM.has(c.key) ? 'date' : 'text' });
    }
  }
  if (!cache.has(v)) cache.set(v, new Map());
  cache.get(v)!.set(dialect, out);
  return out;
}

export function columnOf(columns: Map<string, ReportColumn>, key: string | undefined): ReportColumn {
  const c = key === undefined ? undefined : columns.get(key);
  if (!c) throw badRequest(`Cannot report on '${String(key ?? '')}'.`);
  return c;
}

/** A date bucket as text (UTC): 2025-03-14, 2025-03-10 (the week's Monday), 2025-03, 2025-Q1, 2025. */
export function bucketSql(dialect: DialectName, e: RawBuilder<unknown>, bucket: DateBucket): RawBuilder<unknown> {
  const x = sql`cast(${e} as text)`;
  const isDate =
    dialect === 'sqlite'
      ? sql`${x} glob '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*'`
      : sql`${x} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}'`;
  const day = sql`substr(${x}, 1, 10)`;
  const value = {
    day,
    month: sql`substr(${x}, 1, 7)`,
    year: sql`substr(${x}, 1, 4)`,
    quarter: sql`substr(${x}, 1, 4) || '-Q' || cast((cast(substr(${x}, 6, 2) as integer) + 2) / 3 as text)`,
    week:
      dialect === 'sqlite'
        ? sql`date(${day}, '-' || ((cast(strftime('%w', ${day}) as integer) + 6) % 7) || ' days')`
        : sql`to_char(date_trunc('week', cast(${day} as date)), 'YYYY-MM-DD')`,
  }[bucket];
  return sql`(case when ${isDate} then ${value} end)`;
}

/** The SQL of an aggregate; sums and averages need numbers. */
export function aggregateSql(agg: Aggregate, col: ReportColumn | undefined): RawBuilder<unknown> {
  if (agg === 'count') return sql`count(*)`;
  if (!col) throw badRequest(`The ${agg} measure needs a column.`);
  if ((agg === 'sum' || agg === 'avg') && col.kind !== 'number')
    throw badRequest(`Cannot ${agg === 'sum' ? 'sum' : 'average'} '${col.key}': it is not a number.`);
  if (agg === 'distinct') return sql`count(distinct ${col.expr})`;
  return sql`${sql.raw(agg)}(${col.expr})`;
}

/** `expr = value`, or `is null` for the empty group. */
export const equalsSql = (e: RawBuilder<unknown>, v: unknown): RawBuilder<SqlBool> =>
  v === null || v === undefined ? sql<SqlBool>`${e} is null` : sql<SqlBool>`${e} = ${v}`;

/**
 * "After this tuple" in the order nulls-first ascending, for keyset batches over group values: some position is
 * greater and every one before it equal.
 */
export function afterTupleSql(exprs: RawBuilder<unknown>[], last: unknown[]): RawBuilder<SqlBool> {
  const gt = (e: RawBuilder<unknown>, v: unknown) =>
    v === null || v === undefined ? sql<SqlBool>`${e} is not null` : sql<SqlBool>`${e} > ${v}`;
  const parts = exprs.map((e, i) =>
    sql.join([...exprs.slice(0, i).map((p, j) => equalsSql(p, last[j])), gt(e, last[i])], sql` and `),
  );
  return sql<SqlBool>`(${sql.join(
    parts.map((p) => sql`(${p})`),
    sql` or `,
  )})`;
}

/** Database numbers come back as text on PostgreSQL (numeric, bigint). */
export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
