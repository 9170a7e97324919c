import { badRequest } from '../http/errors.js';

/** The spec's datatable payload: page, columns (data, name, searchable, orderable), orders, search, length, filters. */
export interface DatatablePayload {
  page?: unknown;
  length?: unknown;
  columns?: unknown;
  orders?: unknown;
  search?: unknown;
  filters?: unknown;
}

export interface DatatableQuery {
  page: number;
  length: number;
  offset: number;
  search: string;
  order: { column: string; dir: 'asc' | 'desc' }[];
  filters: { field: string; operator: 'eq' | 'neq' | 'contains'; value: string }[];
}

export const PAGE_SIZES = [10, 20, 25, 50, 100];

/**
 * Reads a datatable payload against the columns a list allows for sorting and filtering; anything else is a
 * clear 400, never SQL. `orders[i].column` may be an index into `columns` or a column name.
 */
export function parseDatatable(body: unknown, allowed: readonly string[]): DatatableQuery {
  const b = (body ?? {}) as DatatablePayload;
  const page = b.page === undefined ? 1 : Number(b.page);
  const length = b.length === undefined ? 10 : Number(b.length);
  if (!Number.isInteger(page) || page < 1) throw badRequest('page must be a whole number from 1.');
  if (!Number.isInteger(length) || length < 1 || length > 100) throw badRequest('length must be between 1 and 100.');
  const columns = Array.isArray(b.columns) ? (b.columns as { data?: unknown; name?: unknown }[]) : [];
  const search =
    typeof b.search === 'string'
      ? b.search
      : typeof (b.search as { value?: unknown })?.value === 'string'
        ? (b.search as { value: string }).value
        : '';
  const order: DatatableQuery['order'] = [];
  for (const o of Array.isArray(b.orders) ? (b.orders as { column?: unknown; dir?: unknown }[]) : []) {
    const col = typeof o.column === 'number' ? (columns[o.column]?.data ?? columns[o.column]?.name) : o.column;
    if (typeof col !== 'string' || !allowed.includes(col)) throw badRequest(`Cannot sort by '${String(col)}'.`);
    order.push({ column: col, dir: String(o.dir).toLowerCase() === 'desc' ? 'desc' : 'asc' });
  }
  const filters: DatatableQuery['filters'] = [];
  for (const f of Array.isArray(b.filters)
    ? (b.filters as { field?: unknown; operator?: unknown; value?: unknown }[])
    : []) {
    if (typeof f.field !== 'string' || !allowed.includes(f.field))
      throw badRequest(`Cannot filter by '${String(f.field)}'.`);
    const op = f.operator ?? 'eq';
    if (op !== 'eq' && op !== 'neq' && op !== 'contains') throw badRequest(`Unknown filter operator '${String(op)}'.`);
    filters.push({ field: f.field, operator: op, value: String(f.value ?? '') });
  }
  return { page, length, offset: (page - 1) * length, search: search.trim().slice(0, 200), order, filters };
}

/** A LIKE pattern that matches the text literally, for `lower(col) like ? escape '\'`. */
export const likePattern = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
