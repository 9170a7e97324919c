import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { DialectName } from '../db/database.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { badRequest } from '../http/errors.js';
import { assertModuleAccess, assertModulePermission } from '../access/index.js';
import { loadVersion } from '../records/store.js';
import { listColumns, viewKind, type ListColumn } from './columns.js';
import type { FieldIndexer } from './indexes.js';
import { listRecords } from './list.js';
import { parseListQuery, type ListQuery } from './query.js';
import { listedModule } from './queries.js';
import { summary } from './summary.js';
import type { EntryPage, ListBody, Summary } from './schemas.js';
import type { ReaderThreads } from '../db/reader-threads.js';
import { RawJson } from '../http/raw-json.js';

/** What record lists need beyond the request: the dialect, the index builder and the tenant's counting connection. */
export interface ListDeps {
  dialect: DialectName;
  indexer: FieldIndexer;
  counter(tenantId: string): Kysely<DB>;
  /** Reader threads for the page's statement (db/reader-threads.ts). */
  readers?: ReaderThreads;
}

const EMPTY: EntryPage = {
  data: [],
  columns: [],
  recordsTotal: 0,
  recordsFiltered: 0,
  countCapped: false,
  page: 1,
  length: 10,
  nextCursor: null,
};

/** One page of an app's records (or the user's drafts) for someone allowed to view the app's records. */
export async function listEntries(
  deps: ListDeps,
  tdb: TenantDb,
  user: AuthUser,
  moduleId: string | undefined,
  draft: boolean,
  body: ListBody,
): Promise<EntryPage> {
  if (!moduleId) throw badRequest('moduleId is required.');
  const m = await listedModule(tdb, moduleId);
  await assertModulePermission(tdb, user, m.permission, 'view');
  if (!m.publishedVersion) return EMPTY;
  const v = await loadVersion(tdb, moduleId, m.publishedVersion);
  const columns = listColumns(v, deps.dialect);
  const indexed = m.indexed.map((n) => columns.get(n)).filter((c) => c?.field);
  deps.indexer.ensure(indexed.map((c) => ({ name: c!.key, kind: c!.kind })));
  const q = parseListQuery(body, columns, 'created_on');
  advisePairIndex(deps.indexer, q, new Map(indexed.map((c) => [c!.key, c!])));
  const cols = columnsJson(columns);
  const result = await listRecords(
    {
      tdb,
      dialect: deps.dialect,
      user,
      moduleId,
      draft,
      columns,
      counter: deps.counter(tdb.tenantId),
      readers: deps.readers,
      answerRoom: { before: ROOM_BEFORE_ROWS, after: ROOM_AFTER_ROWS + cols.bytes },
    },
    q,
  );
  return { ...result, columns: cols.json as unknown as EntryPage['columns'] };
}

/**
 * Room for the answer around a page's rows (the columns aside): its envelope and first key before them (45 bytes),
 * the counts, paging and cursor after them (about 250). A cursor past it (a long text sorted on) only costs a copy.
 */
const ROOM_BEFORE_ROWS = 64;
const ROOM_AFTER_ROWS = 512;

const columnsAnswers = new WeakMap<Map<string, ListColumn>, { json: RawJson; bytes: number }>();

/**
 * The list's columns as answered, and their size: written once per published version (its columns map), not for
 * every page.
 */
function columnsJson(columns: Map<string, ListColumn>): { json: RawJson; bytes: number } {
  let answer = columnsAnswers.get(columns);
  if (!answer) {
    const cols = [...columns.values()].map((c) => ({
      data: c.key,
      name: c.label,
      field: c.field,
      kind: viewKind(c.kind),
      orderable: c.sortable,
      searchable: c.field,
      ...(c.values ? { values: [...c.values] } : {}),
    }));
    const text = JSON.stringify(cols);
    columnsAnswers.set(columns, (answer = { json: new RawJson(text), bytes: Buffer.byteLength(text) }));
  }
  return answer;
}

/**
 * A list filtered by equality on an indexed field and sorted by another reads rows in sort order and skips those
 * the filter drops (most of them, for a selective filter); an index on both reads only the page's rows. Only
 * fields the designer named for indexing take part, so the number of such indexes stays small.
 */
function advisePairIndex(indexer: FieldIndexer, q: ListQuery, indexed: Map<string, ListColumn>) {
  if (!q.sort.field || !indexed.has(q.sort.key)) return;
  const f = q.filters.find((x) => x.operator === 'eq' && x.column !== q.sort.key && indexed.has(x.column));
  const col = f && indexed.get(f.column);
  if (col) indexer.ensurePair({ name: col.key, kind: col.kind }, { name: q.sort.key, kind: q.sort.kind });
}

/** Counts by process status of the records of an app the user may view. */
export async function entrySummary(tdb: TenantDb, user: AuthUser, moduleId: string): Promise<Summary> {
  await assertModuleAccess(tdb, user, moduleId, 'view');
  return summary(tdb, user, moduleId);
}
