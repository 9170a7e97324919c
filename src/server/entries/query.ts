import crypto from 'node:crypto';
import type { RawBuilder, SqlBool } from 'kysely';
import { badRequest } from '../http/errors.js';
import type { ListColumn } from './columns.js';
import { parseFilters, type ListFilter } from './filters.js';
import type { ListBody } from './schemas.js';

/** Page sizes of spec section 9 (25 is the other constant some lists use). */
export const PAGE_SIZES = [10, 20, 25, 50, 100];
/** Deepest page reachable by offset; deeper pages are reached by keyset cursor (the response's nextCursor). */
export const MAX_OFFSET = 10_000;

export interface ListQuery {
  page: number;
  length: number;
  search: string;
  sort: ListColumn;
  dir: 'asc' | 'desc';
  filters: ListFilter[];
  /** Conditions beyond the payload's (a lookup's prefix range); `hash` must already account for them. */
  where?: RawBuilder<SqlBool>[];
  cursor?: Cursor;
  /** Identifies the result set (sort, filters, search): cursors and cached counts belong to it. */
  hash: string;
  filterHash: string;
}

/** A position in the list: after the row with this sort value and id, in the null or the value segment. */
export interface Cursor {
  h: string;
  n: boolean;
  v: string | number | null;
  i: string;
}

export const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

export function decodeCursor(s: unknown, hash: string): Cursor | undefined {
  if (s === undefined || s === null || s === '') return undefined;
  try {
    const c = JSON.parse(Buffer.from(String(s), 'base64url').toString()) as Cursor;
    if (c && typeof c.i === 'string' && typeof c.n === 'boolean' && c.h === hash) return c;
  } catch {
    /* fall through */
  }
  throw badRequest('The cursor does not belong to this list; start from the first page.');
}

/** One-shot: half the cost of a Hash object, twice for every page asked. */
export const hashOf = (x: unknown) => crypto.hash('sha1', JSON.stringify(x), 'base64url').slice(0, 16);

/**
 * The spec's datatable payload (page, columns [data, name, searchable, orderable], orders, search, length, filters),
 * already checked against its schema, read against the list's columns. `orders[i].column` is an index into
 * `columns` or a column key; the first order sorts (the record id breaks ties). `cursor` continues from a previous
 * page's nextCursor.
 */
export function parseListQuery(b: ListBody, columns: Map<string, ListColumn>, fallback: string): ListQuery {
  const page = b.page ?? 1;
  const length = b.length ?? 10;
  if (!PAGE_SIZES.includes(length)) throw badRequest(`length must be one of ${PAGE_SIZES.join(', ')}.`);
  const cols = b.columns ?? [];
  const rawSearch = typeof b.search === 'string' ? b.search : b.search?.value;
  const search = rawSearch ? rawSearch.trim().slice(0, 200) : '';
  let sort = columns.get(fallback)!;
  let dir: 'asc' | 'desc' = 'desc';
  const o = b.orders?.[0];
  if (o) {
    const key = typeof o.column === 'number' ? (cols[o.column]?.data ?? cols[o.column]?.name) : o.column;
    const col = key === undefined ? undefined : columns.get(key);
    if (!col || !col.sortable) throw badRequest(`Cannot sort by '${String(key)}'.`);
    sort = col;
    dir = String(o.dir).toLowerCase() === 'asc' ? 'asc' : 'desc';
  }
  const filters = parseFilters(b.filters, columns);
  const filterHash = hashOf([filters, search]);
  const hash = hashOf([filterHash, sort.key, dir]);
  return { page, length, search, sort, dir, filters, hash, filterHash, cursor: decodeCursor(b.cursor, hash) };
}
