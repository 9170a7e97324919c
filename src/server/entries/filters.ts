import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { FILTER_OPERATORS, UNARY_OPERATORS, type FilterOperator } from '../../../runtime/expressions/operators.js';
import { badRequest } from '../http/errors.js';
import type { ListColumn } from './columns.js';
import type { ListFilterInput } from './schemas.js';
import { PROCESS_STATUSES, processStatusSql } from './status-sql.js';

export interface ListFilter {
  column: string;
  operator: FilterOperator;
  value: unknown;
}

const MAX_LIST = 100;

const listOf = (v: unknown): unknown[] =>
  (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').map((s) => s.trim()) : [v]).slice(0, MAX_LIST);

/** A literal LIKE pattern for lower(text). */
const like = (s: string, before: boolean, after: boolean) =>
  `${before ? '%' : ''}${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}${after ? '%' : ''}`;

/** Reads the payload's filters against the list's columns: unknown columns and operators are a clear 400. */
export function parseFilters(
  raw: readonly ListFilterInput[] | undefined,
  columns: Map<string, ListColumn>,
): ListFilter[] {
  if (!raw) return [];
  return raw.map((f) => {
    const key = f.field ?? f.column;
    const col = typeof key === 'string' ? columns.get(key) : undefined;
    if (!col || col.key === 'tasks') throw badRequest(`Cannot filter by '${String(key)}'.`);
    const op = (f.operator ?? 'eq') as FilterOperator;
    if (!FILTER_OPERATORS.includes(op)) throw badRequest(`Unknown filter operator '${String(f.operator)}'.`);
    if (col.key === 'process_status' && op !== 'eq' && op !== 'neq')
      throw badRequest('Process status can be filtered with eq or neq only.');
    if (col.key === 'process_status' && !PROCESS_STATUSES.includes(String(f.value)))
      throw badRequest(`Unknown process status '${String(f.value)}'.`);
    if (
      !UNARY_OPERATORS.includes(op) &&
      (f.value === undefined || f.value === null || (typeof f.value === 'object' && !Array.isArray(f.value)))
    )
      throw badRequest(`Filter '${col.key}' ${op} needs a value.`);
    return { column: col.key, operator: op, value: f.value };
  });
}

function scalar(col: ListColumn, v: unknown): unknown {
  if (col.kind === 'number') {
    const n = typeof v === 'number' ? v : Number(String(v).trim());
    if (String(v).trim() === '' || !Number.isFinite(n)) throw badRequest(`Filter '${col.key}' needs a number.`);
    return n;
  }
  if (typeof v === 'boolean') return v ? 1 : 0;
  return typeof v === 'number' ? v : String(v);
}

/** One filter as SQL over the column's expression (the same expression the indexes use). */
export function filterSql(col: ListColumn, f: ListFilter): RawBuilder<SqlBool> {
  const e = col.expr;
  if (col.key === 'process_status') {
    const cond = processStatusSql(String(f.value));
    return f.operator === 'eq' ? cond : sql<SqlBool>`not (${cond})`;
  }
  const txt = sql`lower(cast(${e} as text))`;
  const len = sql`length(cast(${e} as text))`;
  switch (f.operator) {
    case 'eq':
      return sql<SqlBool>`${e} = ${scalar(col, f.value)}`;
    case 'neq':
      return sql<SqlBool>`(${e} is null or ${e} <> ${scalar(col, f.value)})`;
    case 'isnull':
      return sql<SqlBool>`${e} is null`;
    case 'isnotnull':
      return sql<SqlBool>`${e} is not null`;
    case 'isempty':
      return sql<SqlBool>`(${e} is null or cast(${e} as text) in ('', '[]', '{}'))`;
    case 'isnotempty':
      return sql<SqlBool>`(${e} is not null and cast(${e} as text) not in ('', '[]', '{}'))`;
    case 'lt':
      return sql<SqlBool>`${e} < ${scalar(col, f.value)}`;
    case 'lte':
      return sql<SqlBool>`${e} <= ${scalar(col, f.value)}`;
    case 'gt':
      return sql<SqlBool>`${e} > ${scalar(col, f.value)}`;
    case 'gte':
      return sql<SqlBool>`${e} >= ${scalar(col, f.value)}`;
    case 'startswith':
      return sql<SqlBool>`${txt} like ${like(String(f.value), false, true)} escape '\\'`;
    case 'endswith':
      return sql<SqlBool>`${txt} like ${like(String(f.value), true, false)} escape '\\'`;
    case 'contains':
      return sql<SqlBool>`${txt} like ${like(String(f.value), true, true)} escape '\\'`;
    case 'doesnotcontain':
      return sql<SqlBool>`(${e} is null or ${txt} not like ${like(String(f.value), true, true)} escape '\\')`;
    case 'minlength':
      return sql<SqlBool>`${len} >= ${Math.trunc(Number(scalar({ ...col, kind: 'number' }, f.value)))}`;
    case 'maxlength':
      return sql<SqlBool>`(${e} is null or ${len} <= ${Math.trunc(Number(scalar({ ...col, kind: 'number' }, f.value)))})`;
    // partof / isin: the value is one of the given list; notpartof: it is none of them (or empty).
    case 'partof':
    case 'isin': {
      const items = listOf(f.value).map((x) => scalar(col, x));
      if (!items.length) return sql<SqlBool>`1 = 0`;
      return sql<SqlBool>`${e} in (${sql.join(items)})`;
    }
    case 'notpartof': {
      const items = listOf(f.value).map((x) => scalar(col, x));
      if (!items.length) return sql<SqlBool>`1 = 1`;
      return sql<SqlBool>`(${e} is null or ${e} not in (${sql.join(items)}))`;
    }
  }
}
