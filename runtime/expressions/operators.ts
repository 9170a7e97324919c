import { isBlank, type Value } from './functions';
import { toData } from './evaluate';

/** Lookup-filter and rule operators of spec section 3. */
export const FILTER_OPERATORS = [
  'eq',
  'neq',
  'isnull',
  'isnotnull',
  'lt',
  'lte',
  'gt',
  'gte',
  'startswith',
  'endswith',
  'contains',
  'doesnotcontain',
  'minlength',
  'maxlength',
  'partof',
  'notpartof',
  'isempty',
  'isnotempty',
  'isin',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export const UNARY_OPERATORS: readonly FilterOperator[] = ['isnull', 'isnotnull', 'isempty', 'isnotempty'];

const text = (v: Value) => (v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)).toLowerCase();
const numeric = (v: Value) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);
const list = (v: Value): Value[] =>
  Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').map((s) => s.trim()) : [v];

function order(a: Value, b: Value): number {
  const x = numeric(a);
  const y = numeric(b);
  if (!Number.isNaN(x) && !Number.isNaN(y)) return x - y;
  return text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : 0;
}

function same(a: Value, b: Value): boolean {
  const x = numeric(a);
  const y = numeric(b);
  if (!Number.isNaN(x) && !Number.isNaN(y)) return x === y;
  return text(a) === text(b);
}

export function applyOperator(op: FilterOperator, leftRaw: unknown, rightRaw?: unknown): boolean {
  const left = toData(leftRaw);
  const right = toData(rightRaw);
  switch (op) {
    case 'eq':
      return same(left, right);
    case 'neq':
      return !same(left, right);
    case 'isnull':
      return left === null;
    case 'isnotnull':
      return left !== null;
    case 'isempty':
      return isBlank(left);
    case 'isnotempty':
      return !isBlank(left);
    case 'lt':
      return left !== null && order(left, right) < 0;
    case 'lte':
      return left !== null && order(left, right) <= 0;
    case 'gt':
      return left !== null && order(left, right) > 0;
    case 'gte':
      return left !== null && order(left, right) >= 0;
    case 'startswith':
      return text(left).startsWith(text(right));
    case 'endswith':
      return text(left).endsWith(text(right));
    case 'contains':
      return text(left).includes(text(right));
    case 'doesnotcontain':
      return !text(left).includes(text(right));
    case 'minlength':
      return text(left).length >= Number(right);
    case 'maxlength':
      return text(left).length <= Number(right);
    // partof: the left value is one of the right list; isin: any of the left values is in the right list.
    case 'partof':
      return list(right).some((r) => same(left, r));
    case 'notpartof':
      return !list(right).some((r) => same(left, r));
    case 'isin':
      return list(left).some((l) => list(right).some((r) => same(l, r)));
  }
}
