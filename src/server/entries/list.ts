import {
  expressionBuilder,
  sql,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { DB } from '../db/schema.js';
import type { DialectName } from '../db/database.js';
import type { ReaderThreads } from '../db/reader-threads.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { badRequest } from '../http/errors.js';
import { param } from '../db/prepared-query.js';
import { isAdmin, visibleRecordsWhere } from '../access/index.js';
import { OPEN } from '../engine/status.js';
import { RawJson } from '../http/raw-json.js';
import listRows, { type ListRowsOptions, type ShapedRows } from './list-rows.mjs';
import { equalityKeySql, type ListColumn } from './columns.js';
import { filterSql, type ListFilter } from './filters.js';
import { encodeCursor, MAX_OFFSET, type Cursor, type ListQuery } from './query.js';
import { TtlCache } from './ttl-cache.js';
import { CountCache } from './count-cache.js';
import type { EntryPage } from './schemas.js';

type Q = SelectQueryBuilder<DB, 'records', object>;

/** Counts above this are reported as "more than" (countCapped) instead of scanning the whole module. */
export const COUNT_CAP = 10_000;
type Counts = { total: number; filtered: number; capped: boolean };
/** A list's counts: exact while nothing changed (up to a minute), else taken again once 5 s old (count-cache.ts). */
const counts = new CountCache<Counts>(5_000, 60_000, 5_000);
const pageCursors = new TtlCache<string>(120_000, 20_000);

/** Drops cached counts of a module (after deletes on this node; other nodes expire theirs within seconds). */
export function forgetCounts(tenantId: string, moduleId: string) {
  counts.forget(`${tenantId}|${moduleId}|`);
}

/** Who sees which records: the access module's one rule (administrators need no condition on submitted records). */
function visible(q: Q, user: AuthUser, draft: boolean): Q {
  const cond = visibleRecordsWhere(expressionBuilder<DB, 'records'>(), user, draft);
  return cond ? q.where(cond) : q;
}

/**
 * Page queries are built once per shape and afterwards only filled in (db/prepared-query.ts). The shape is everything
 * the SQL text follows from besides the placeholders: the columns' expressions (one map per published version),
 * the user's roles (which visibility condition), filters and search (their values stay in the built query, so
 * their hash is part of the key), sort, direction and which part of the keyset is read.
 */
const columnsIds = new WeakMap<Map<string, ListColumn>, number>();
let columnsCount = 0;
function columnsId(columns: Map<string, ListColumn>): number {
  let id = columnsIds.get(columns);
  if (id === undefined) columnsIds.set(columns, (id = ++columnsCount));
  return id;
}
const roleShape = (u: AuthUser) =>
  `${+u.isSysAdmin}${+u.isAdministrator}${+u.isFullUser}${+u.isConsultant}|${u.scope ?? ''}`;
/** The user as the visibility rule sees them in a built query: their id and tenant are placeholders. */
const placeholderUser = (u: AuthUser): AuthUser => ({ ...u, id: param('user'), tenantId: param('userTenant') });

/** Global search over the values of the listed fields and the text system columns. */
function searchSql(dialect: DialectName, text: string, fieldKeys: string[]): RawBuilder<SqlBool> {
  const p = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const keys = fieldKeys.length ? fieldKeys : [''];
  const inData =
    dialect === 'sqlite'
      ? sql`exists (select 1 from json_each(records.data) j where j.key in (${sql.join(keys)}) and lower(cast(j.value as text)) like ${p} escape '\\')`
      : sql`exists (select 1 from jsonb_each_text(records.data::jsonb) j where j.key in (${sql.join(keys)}) and lower(j.value) like ${p} escape '\\')`;
  return sql<SqlBool>`(${inData} or lower(coalesce(records.workflow_activity_name, '')) like ${p} escape '\\' or lower(coalesce(records.workflow_initiator_email, '')) like ${p} escape '\\' or lower(coalesce(records.workflow_status, '')) like ${p} escape '\\')`;
}

/** What reading a page needs: whose list of which app. */
export interface PageScope {
  tdb: TenantDb;
  dialect: DialectName;
  user: AuthUser;
  moduleId: string;
  draft: boolean;
  columns: Map<string, ListColumn>;
  /** Also read the names a list shows beside each row (extrasSql); lookups need only the values. */
  extras?: boolean;
  /** Read the page on a reader thread, beside the thread that serves HTTP (never inside a transaction). */
  readers?: ReaderThreads;
  /** Answer the rows as the list shows them (list-rows.mjs), shaped on the reader thread when there is one. */
  shaped?: ListRowsOptions;
}

export interface ListScope extends PageScope {
  /** The tenant's connection, for wrapping tenant-scoped subqueries (counts). */
  counter: Kysely<DB>;
  /** The bytes the answer takes before and after its rows, left free around them in their buffer (list-rows.mjs). */
  answerRoom?: { before: number; after: number };
}

const EQUALITY = new Set(['eq', 'isin', 'partof']);

/** A list's filter; equality on a field compares the field's equality key, which the pair index holds. */
function listFilterSql(dialect: DialectName, col: ListColumn, f: ListFilter) {
  if (!col.field || !EQUALITY.has(f.operator)) return filterSql(col, f);
  return filterSql({ ...col, expr: sql.raw(equalityKeySql(dialect, col.key, col.kind)) }, f);
}

/** `tdb` and `user` may be the placeholders of a built-once query (then the module is one too). */
function base(s: PageScope, q: ListQuery, withFilters = true, tdb = s.tdb, user = s.user): Q {
  let b = tdb
    .selectFrom('records')
    .where('records.module_id', '=', tdb === s.tdb ? s.moduleId : param('module'))
    .where('records.is_draft', '=', s.draft ? 1 : 0) as unknown as Q;
  b = visible(b, user, s.draft);
  if (!withFilters) return b;
  for (const f of q.filters) b = b.where(listFilterSql(s.dialect, s.columns.get(f.column)!, f));
  for (const c of q.where ?? []) b = b.where(c);
  if (q.search) {
    const keys = [...s.columns.values()].filter((c) => c.field).map((c) => c.key);
    b = b.where(searchSql(s.dialect, q.search, keys));
  }
  return b;
}

const SELECT = [
  'records.id',
  'records.module_version',
  'records.version',
  'records.data',
  'records.sequence_number',
  'records.workflow_instance_id',
  'records.workflow_status',
  'records.workflow_activity_name',
  'records.workflow_started_on',
  'records.workflow_initiator_user',
  'records.workflow_initiator_email',
  'records.workflow_completed_on',
  'records.created_by',
  'records.created_on',
  'records.modified_on',
] as const;

/** A user's name as lists show it (full name, else user name). */
const nameSql = (u: string) => `coalesce(nullif(${u}.fullname, ''), ${u}.username, '')`;

/**
 * The names the page shows beside each row, read in the page's own statement (one statement, one round trip per
 * page): the initiator's name and the open tasks as [assignee name, step] pairs (a JSON array, null for none).
 * Both carry the row's tenant, so they never reach another tenant's users or tasks. On PostgreSQL the initiator is
 * joined to the page's rows instead (see initiatorJoined).
 */
function extrasSql(dialect: DialectName) {
  const pair =
    dialect === 'sqlite'
      ? `json_group_array(json_array(${nameSql('u')}, k.activity_title))`
      : `json_agg(json_build_array(${nameSql('u')}, k.activity_title))::text`;
  return {
    initiator: sql<
      string | null
    >`(select ${sql.raw(nameSql('iu'))} from users iu where iu.tenant_id = records.tenant_id and iu.id = records.workflow_initiator_user)`,
    tasks: sql<
      string | null
    >`(select ${sql.raw(pair)} from tasks k left join users u on u.tenant_id = k.tenant_id and u.id = k.assignee_id where k.tenant_id = records.tenant_id and k.record_id = records.id and k.status = ${sql.lit(OPEN)})`,
  };
}

/**
 * PostgreSQL: the page's rows with their initiator's name joined after the page is cut. A page names few distinct
 * initiators, so the planner memoizes the lookup (one index probe per initiator instead of a sub-select per row: a
 * seventh of the statement's time). The rows keep the page's order: the join runs in it, and it is asked for again.
 */
function initiatorJoined(tdb: TenantDb, page: Q, nulls: boolean, order: 'asc' | 'desc') {
  const dir = sql.raw(order);
  const orderBy = nulls ? sql`p.id ${dir}` : sql`p.sort_value ${dir}, p.id ${dir}`;
  return tdb.statement(sql<SegmentRow>`select p.*, ${sql.raw(nameSql('iu'))} as initiator_name from (${page}) as p
    left join users iu on iu.tenant_id = ${tdb.tenantId} and iu.id = p.workflow_initiator_user order by ${orderBy}`);
}

/**
 * The rows of a segment: null sort values (sorted by id) or non-null ones (sorted by value, then id).
 *
 * SQLite past a cursor: the rows tied with the cursor's value, then those past it, each an exact index range (one
 * condition "value >= v and (value > v or id > i)" reads every row's JSON again only to evaluate the tie-break, and
 * SQLite takes a row value as a range on its first column alone). Both ranges are one statement, so a page is one
 * trip to a reader thread: a compound select's arms are read in turn, each in its own order, until the limit.
 */
function segment(
  s: PageScope,
  q: ListQuery,
  nulls: boolean,
  after: Cursor | undefined,
  limit: number,
  offset: number,
): Promise<Segment> {
  const split = !!after && !nulls && s.dialect === 'sqlite';
  const build = (tdb: TenantDb) => {
    if (!split) return segmentQuery(s, q, tdb, { nulls, after, limit, offset, part: '' });
    const ties = segmentQuery(s, q, tdb, { nulls, after, limit, offset, part: 'ties' });
    const past = segmentQuery(s, q, tdb, { nulls, after, limit, offset, part: 'past' });
    return tdb.statement(
      sql<SegmentRow>`select * from (${ties}) union all select * from (${past}) limit ${sql.lit(limit)}`,
    );
  };
  const key = [
    'list.segment',
    columnsId(s.columns),
    s.draft ? 'd' : 'r',
    roleShape(s.user),
    q.hash,
    q.filterHash,
    q.sort.key,
    q.dir,
    nulls ? 'n' : 'v',
    after ? 'a' : '',
    split ? 'split' : '',
    s.extras ? 'x' : '',
    limit,
    offset > 0 ? 'o' : '',
  ].join('|');
  const values = {
    module: s.moduleId,
    user: s.user.id,
    userTenant: s.user.tenantId,
    v: after?.v ?? null,
    i: after?.i ?? '',
    offset,
  };
  if (s.shaped) {
    // The row past the page (limit - 1 rows) is only counted: it tells that another page follows.
    const shape = { module: LIST_ROWS, options: { ...s.shaped, keep: limit - 1 } };
    const shaped = (x: ShapedRows): Segment => ({ count: x.count, shaped: x });
    if (s.readers) return s.tdb.readPrepared<unknown, ShapedRows>(s.readers, key, build, values, shape).then(shaped);
    return s.tdb.prepared(key, build, values).then(({ rows }) => shaped(listRows(rows, shape.options)));
  }
  const read = s.readers
    ? s.tdb.readPrepared(s.readers, key, build, values)
    : s.tdb.prepared(key, build, values).then((r) => r.rows);
  return read.then((rows) => ({ count: rows.length, rows: rows as SegmentRow[] }));
}

interface SegmentPart {
  nulls: boolean;
  after: Cursor | undefined;
  limit: number;
  offset: number;
  /** SQLite past a cursor: the rows tied with its value, or those past it (see segment). */
  part: '' | 'ties' | 'past';
}

/** One keyset range of a page as a query whose values are placeholders (built once per shape). */
function segmentQuery(s: PageScope, q: ListQuery, tdb: TenantDb, { nulls, after, limit, offset, part }: SegmentPart) {
  const e = q.sort.sortExpr;
  const cmp = q.dir === 'asc' ? sql.raw('>') : sql.raw('<');
  const order = q.dir;
  const joined = s.extras && s.dialect === 'postgres';
  const extras = s.extras ? extrasSql(s.dialect) : { initiator: sql<null>`null`, tasks: sql<null>`null` };
  let b = base(s, q, true, tdb, placeholderUser(s.user))
    .select([...SELECT, sql<string | number | null>`${e}`.as('sort_value'), extras.tasks.as('open_tasks')])
    .$if(!joined, (x) => x.select(extras.initiator.as('initiator_name')));
  if (nulls) {
    b = b.where(sql<SqlBool>`${e} is null`);
    if (after) b = b.where('records.id', q.dir === 'asc' ? '>' : '<', param('i'));
    b = b.orderBy('records.id', order);
  } else {
    if (q.sort.nullable) b = b.where(sql<SqlBool>`${e} is not null`);
    // PostgreSQL takes a row value as one index condition, so no row is fetched only to evaluate the tie-break
    // (its sort key is a function call); SQLite reads the ties and the rows past them apart (see segment).
    if (part === 'ties')
      b = b.where(sql<SqlBool>`${e} = ${param('v')}`).where('records.id', q.dir === 'asc' ? '>' : '<', param('i'));
    else if (part === 'past') b = b.where(sql<SqlBool>`${e} ${cmp} ${param('v')}`);
    else if (after) b = b.where(sql<SqlBool>`(${e}, records.id) ${cmp} (${param('v')}, ${param('i')})`);
    b = part === 'ties' ? b.orderBy('records.id', order) : b.orderBy(e, order).orderBy('records.id', order);
  }
  // The row count is written into the statement: with a placeholder PostgreSQL costs its plan for a tenth of
  // the rows, finds the plan made for its values always cheaper and plans each page afresh (~0.3 ms a page).
  b = b.limit(sql.lit(limit));
  if (offset > 0) b = b.offset(param<number>('offset'));
  return joined ? initiatorJoined(tdb, b, nulls, order) : b;
}

const LIST_ROWS = new URL('./list-rows.mjs', import.meta.url).href;
type Column<S> = S extends `records.${infer C}` ? C : never;
/** A page's row as read: the record's listed columns, its sort value and the names a list shows beside it. */
export type SegmentRow = Pick<Selectable<DB['records']>, Column<(typeof SELECT)[number]>> & {
  sort_value: string | number | null;
  initiator_name: string | null;
  open_tasks: string | null;
};

/**
 * One keyset range's rows, as read or as the list shows them (then only those the page shows are shaped; `count`
 * still counts the one past it).
 */
interface Segment {
  count: number;
  rows?: SegmentRow[];
  shaped?: ShapedRows;
}

/** Frees the memory of the segments' shaped rows (db/shaped-answer.mjs), but `kept`'s. */
function releaseShaped(segments: Segment[], kept?: ShapedRows) {
  for (const x of segments) if (x.shaped && x.shaped !== kept) x.shaped.room.release?.();
}

/**
 * The parts' bytes with a comma between each two, in a buffer of their own: the answer may be written around them in
 * it (http/raw-json.ts), so never Buffer's shared pool, which Buffer.concat takes small buffers from.
 */
function joined(parts: Uint8Array[]): Uint8Array {
  const out = Buffer.allocUnsafeSlow(parts.reduce((n, p) => n + p.length, parts.length - 1));
  let at = 0;
  parts.forEach((p, i) => {
    if (i > 0) out[at++] = 0x2c;
    out.set(p, at);
    at += p.length;
  });
  return out;
}

/** The page's rows from its segments, and its last row's sort value and id (for the next page's cursor). */
function pageOf(
  segments: Segment[],
  length: number,
  shaped: boolean,
): { rows: SegmentRow[] | ShapedRows; last?: Omit<Cursor, 'h' | 'n'> } {
  if (!shaped) {
    const rows = segments.flatMap((x) => x.rows ?? []).slice(0, length);
    const last = rows[rows.length - 1];
    return { rows, last: last && { v: last.sort_value, i: last.id } };
  }
  // Each segment shaped only the rows the page still needed.
  const parts = segments.flatMap((x) => (x.shaped && x.shaped.bytes.length > 0 ? [x.shaped] : []));
  const last = parts[parts.length - 1]?.last;
  const one = parts.length === 1 ? parts[0]! : undefined;
  const bytes = one ? one.bytes : parts.length === 0 ? new Uint8Array(0) : joined(parts.map((p) => p.bytes));
  // The memory of the segments not carried on as they are is free again (a page of two is copied).
  releaseShaped(segments, one);
  return {
    rows: {
      count: segments.reduce((n, x) => n + x.count, 0),
      last: last ?? null,
      bytes,
      room: one ? one.room : { start: 0, end: bytes.length },
    },
    last: last ? { v: last.sortValue, i: last.id } : undefined,
  };
}

/**
 * One page by keyset: nulls sort lowest (first ascending, last descending), each part read on its own so both
 * databases use the (module, draft, sort expression, id) index. Without a cursor, pages up to MAX_OFFSET rows deep
 * are read by offset (and their cursors remembered, so a later jump deeper can start from one).
 */
export async function fetchPage(
  s: PageScope & { shaped: ListRowsOptions },
  q: ListQuery,
): Promise<{ rows: ShapedRows; next?: Cursor }>;
export async function fetchPage(s: PageScope, q: ListQuery): Promise<{ rows: SegmentRow[]; next?: Cursor }>;
export async function fetchPage(
  s: PageScope,
  q: ListQuery,
): Promise<{ rows: SegmentRow[] | ShapedRows; next?: Cursor }> {
  const segs = !q.sort.nullable ? [false] : q.dir === 'asc' ? [true, false] : [false, true];
  let cursor = q.cursor;
  let skip = 0;
  if (!cursor && q.page > 1) {
    const remembered = pageCursors.get(`${s.tdb.tenantId}|${s.user.id}|${s.moduleId}|${q.hash}|${q.length}|${q.page}`);
    if (remembered) cursor = JSON.parse(remembered) as Cursor;
    else skip = (q.page - 1) * q.length;
    if (!cursor && skip > MAX_OFFSET)
      throw badRequest(`Pages deeper than ${MAX_OFFSET} rows are reached by paging forward (nextCursor).`);
  }
  const read: Segment[] = [];
  try {
    return await readSegments(s, q, { segs, cursor, skip }, read);
  } catch (err) {
    releaseShaped(read);
    throw err;
  }
}

/** The page's segments in order, each read into `read` as it comes (fetchPage frees them if one fails). */
async function readSegments(
  s: PageScope,
  q: ListQuery,
  { segs, cursor, skip }: { segs: boolean[]; cursor: Cursor | undefined; skip: number },
  read: Segment[],
): Promise<{ rows: SegmentRow[] | ShapedRows; next?: Cursor }> {
  let count = 0;
  let started = !cursor;
  for (const nulls of segs) {
    if (!started) {
      if (cursor!.n !== nulls) continue;
      started = true;
    }
    const want = q.length + 1 - count;
    const got = await segment(s, q, nulls, count === 0 && cursor?.n === nulls ? cursor : undefined, want, skip);
    if (skip > 0) {
      // Offsets carry into the next part: how many rows this part had before the page.
      if (got.count > 0) skip = 0;
      else {
        const c = await base(s, q)
          .select(sql<number>`count(*)`.as('n'))
          .where(sql<SqlBool>`${q.sort.sortExpr} is ${nulls ? sql.raw('') : sql.raw('not')} null`)
          .executeTakeFirstOrThrow();
        skip = Math.max(0, skip - Number(c.n));
      }
    }
    read.push(got);
    count += got.count;
    if (count > q.length) break;
  }
  const { rows, last } = pageOf(read, q.length, !!s.shaped);
  const next = count > q.length && last ? { h: q.hash, n: last.v === null, ...last } : undefined;
  if (next)
    pageCursors.set(
      `${s.tdb.tenantId}|${s.user.id}|${s.moduleId}|${q.hash}|${q.length}|${q.page + 1}`,
      JSON.stringify(next),
    );
  return { rows, next };
}

async function cappedCount(s: ListScope, b: Q): Promise<number> {
  // The inner query carries the tenant condition (it comes from TenantDb); the outer one only counts it.
  const inner = b.select(sql`1`.as('one')).limit(COUNT_CAP + 1);
  const r = await s.counter
    .selectFrom(inner.as('t'))
    .select(sql<number | string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

function countsFor(s: ListScope, q: ListQuery) {
  const who = s.draft || !isAdmin(s.user) ? s.user.id : '*';
  const key = `${s.tdb.tenantId}|${s.moduleId}|${s.draft ? 'd' : 'r'}|${who}|${q.filterHash}`;
  return counts.get(key, () => countNow(s, q));
}

async function countNow(s: ListScope, q: ListQuery): Promise<Counts> {
  const total = await cappedCount(s, base(s, q, false));
  const filtered = q.filters.length || q.search ? await cappedCount(s, base(s, q)) : total;
  return {
    total: Math.min(total, COUNT_CAP),
    filtered: Math.min(filtered, COUNT_CAP),
    capped: total > COUNT_CAP || filtered > COUNT_CAP,
  };
}

/** One page of records in the list's shape (the columns are added by the caller). */
export async function listRecords(s: ListScope, q: ListQuery): Promise<Omit<EntryPage, 'columns'>> {
  const fieldKeys = [...s.columns.values()].filter((x) => x.field).map((x) => x.key);
  const shaped = { fieldKeys, draft: s.draft, userId: s.user.id, room: s.answerRoom };
  const page = fetchPage({ ...s, extras: true, shaped }, q);
  const [{ rows, next }, c] = await Promise.all([page, countsFor(s, q)]).catch((err: unknown) => {
    // The rows' memory is free again when the counts failed.
    page.then(
      (p) => p.rows.room.release?.(),
      () => {},
    );
    throw err;
  });
  // The rows arrive as JSON text and are written into the answer's bytes as they are (http/raw-json.ts).
  const data = new RawJson(rows.bytes.length > 0 ? [rows.bytes] : [], rows.room) as unknown as EntryPage['data'];
  return {
    data,
    recordsTotal: c.total,
    recordsFiltered: c.filtered,
    countCapped: c.capped,
    page: q.page,
    length: q.length,
    nextCursor: next ? encodeCursor(next) : null,
  };
}
