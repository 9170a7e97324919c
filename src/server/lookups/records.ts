import crypto from 'node:crypto';
import { expressionBuilder, sql, type SqlBool } from 'kysely';
import type { DB } from '../db/schema.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { mayActOnModuleNow, parsePermission, visibleRecordsWhere } from '../access/index.js';
import { listColumns, type ListColumn } from '../entries/columns.js';
import { searchKeySql } from '../entries/indexes.js';
import { filterSql, parseFilters } from '../entries/filters.js';
import { fetchPage } from '../entries/list.js';
import { decodeCursor, encodeCursor, type ListQuery } from '../entries/query.js';
import { badRequest } from '../http/errors.js';
import { loadVersion } from '../records/store.js';
import { liveModule } from '../records/queries.js';
import type { Picker, RecordSource, ResolvedFilter } from '../../../runtime/lookup-source.js';

/** The app a lookup reads and the columns its lists may show (fields that no step of it hides). */
export interface LookupTarget {
  moduleId: string;
  columns: Map<string, ListColumn>;
}

/** The app's published records as the user may see them; undefined when they may not view that app's records. */
export async function lookupTarget(tdb: TenantDb, user: AuthUser, moduleId: string): Promise<LookupTarget | undefined> {
  const m = await liveModule(tdb, moduleId);
  if (!m?.published_version || !(await mayActOnModuleNow(tdb, user, parsePermission(m.permission), 'view')))
    return undefined;
  const v = await loadVersion(tdb, moduleId, m.published_version);
  return { moduleId, columns: listColumns(v, tdb.dialect) };
}

const fieldsOf = (t: LookupTarget, names: Iterable<string>) =>
  [...new Set(names)].filter((n) => t.columns.get(n)?.field);

function pick(data: string, fields: string[]): Record<string, unknown> {
  const values = JSON.parse(data) as Record<string, unknown>;
  return Object.fromEntries(fields.filter((k) => Object.hasOwn(values, k)).map((k) => [k, values[k]]));
}

/** Of `ids`, the records the user sees that pass the filters, with the values of `fields` lists may show. */
export async function recordsByIds(
  tdb: TenantDb,
  user: AuthUser,
  t: LookupTarget,
  ids: string[],
  fields: string[],
  filters: ResolvedFilter[],
): Promise<Map<string, Record<string, unknown>>> {
  if (!ids.length) return new Map();
  let b = tdb
    .selectFrom('records')
    .select(['records.id', 'records.data'])
    .where('records.module_id', '=', t.moduleId)
    .where('records.is_draft', '=', 0)
    .where('records.id', 'in', ids.slice(0, 500));
  const cond = visibleRecordsWhere(expressionBuilder<DB, 'records'>(), user, false);
  if (cond) b = b.where(cond);
  for (const f of parseFilters(filters, t.columns)) b = b.where(filterSql(t.columns.get(f.column)!, f));
  const shown = fieldsOf(t, fields);
  const rows = await b.execute();
  return new Map(rows.map((r) => [r.id, pick(r.data, shown)]));
}

/** Above every character a label can hold: the end of the range of labels starting with a prefix. */
const TOP = '\u{10FFFF}';

export interface LookupItem {
  id: string;
  label: string;
  values: Record<string, unknown>;
}

export const labelText = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/**
 * One page of the records a lookup offers: those the user sees, passing the filters, whose label starts with the
 * typed text, ordered by label then id and paged by keyset (no row cap, any depth).
 */
export async function searchRecords(
  tdb: TenantDb,
  user: AuthUser,
  t: LookupTarget,
  src: RecordSource,
  filters: ResolvedFilter[],
  opts: { search: string; cursor?: string | null; length: number },
): Promise<{ items: LookupItem[]; nextCursor: string | null }> {
  if (!t.columns.get(src.labelField)?.field)
    throw badRequest(`Records of that app cannot be labelled by '${src.labelField}'.`);
  // Ordered and ranged by the label lower-cased: the typed start of a label is one index range at any depth.
  const key = sql.raw(searchKeySql(tdb.dialect, src.labelField));
  const byLabel: ListColumn = {
    key: '',
    label: '',
    kind: 'text',
    expr: key,
    sortExpr: key,
    nullable: false,
    sortable: true,
    field: false,
  };
  const parsed = parseFilters([...filters, { field: src.labelField, operator: 'isnotempty' }], t.columns);
  const where = opts.search
    ? [sql<SqlBool>`${key} >= lower(${opts.search})`, sql<SqlBool>`${key} < lower(${opts.search}) || ${TOP}`]
    : [];
  const hash = crypto
    .createHash('sha1')
    .update(JSON.stringify([parsed, src, opts.search]))
    .digest('base64url')
    .slice(0, 16);
  const q: ListQuery = {
    page: 1,
    length: opts.length,
    search: '',
    sort: byLabel,
    dir: src.sort,
    filters: parsed,
    where,
    hash,
    filterHash: hash,
    cursor: decodeCursor(opts.cursor, hash),
  };
  const scope = { tdb, dialect: tdb.dialect, user, moduleId: t.moduleId, draft: false, columns: t.columns };
  const { rows, next } = await fetchPage(scope, q);
  const shown = fieldsOf(t, [src.labelField, ...src.columns, ...src.flow.map((f) => f.from)]);
  return {
    items: rows.map((r) => {
      const values = pick(r.data, shown);
      return { id: r.id, label: labelText(values[src.labelField]), values };
    }),
    nextCursor: next ? encodeCursor(next) : null,
  };
}

/** The person picking, as lookup filters of type User see them (the session knows only the id and roles). */
export async function pickerOf(tdb: TenantDb, user: AuthUser): Promise<Picker> {
  const u = await tdb
    .selectFrom('users')
    .select(['username', 'email', 'fullname'])
    .where('id', '=', user.id)
    .executeTakeFirst();
  return {
    id: user.id,
    username: u?.username ?? '',
    email: u?.email ?? '',
    fullname: u?.fullname ?? '',
    roles: [
      ...(user.isSysAdmin ? ['sysAdmin'] : []),
      ...(user.isAdministrator ? ['administrator'] : []),
      ...(user.isFullUser ? ['fullUser'] : []),
      ...(user.isConsultant ? ['consultant'] : []),
    ],
  };
}
