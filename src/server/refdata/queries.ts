import { sql, type SqlBool } from 'kysely';
import type { TenantDb } from '../tenancy/tenant-db.js';

const DATASET = [
  'id',
  'name',
  'description',
  'kind',
  'columns',
  'key_column',
  'row_count',
  'version',
  'modified_on',
] as const;

export type DatasetRow = NonNullable<Awaited<ReturnType<typeof datasetById>>>;

/** `column` contains `search` (lower-cased both sides), with % and _ taken literally on both databases. */
const contains = (column: string, search: string) =>
  sql<SqlBool>`lower(${sql.ref(column)}) like ${`%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;

export function datasets(tdb: TenantDb, search: string) {
  let q = tdb.selectFrom('ref_datasets').select([...DATASET]);
  if (search) {
    q = q.where((eb) => eb.or([contains('name', search), contains('description', search)]));
  }
  return q.orderBy('name').limit(1000).execute();
}

export const datasetById = (tdb: TenantDb, id: string) =>
  tdb
    .selectFrom('ref_datasets')
    .select([...DATASET])
    .where('id', '=', id)
    .executeTakeFirst();

export const datasetNamed = (tdb: TenantDb, name: string) =>
  tdb.selectFrom('ref_datasets').select(['id']).where('name', '=', name).executeTakeFirst();

export const datasetOfKind = (tdb: TenantDb, kind: string) =>
  tdb
    .selectFrom('ref_datasets')
    .select([...DATASET])
    .where('kind', '=', kind)
    .executeTakeFirst();

export function insertDataset(
  tdb: TenantDb,
  row: {
    id: string;
    name: string;
    description: string | null;
    kind: string;
    columns: string;
    key_column: string;
    created_by: string;
  },
) {
  const now = new Date().toISOString();
  return tdb
    .insertInto('ref_datasets', { ...row, row_count: 0, version: 1, created_on: now, modified_on: now })
    .execute();
}

/** Writes the definition only at the version its writer read; answers how many rows changed. */
export const updateDataset = (
  tdb: TenantDb,
  id: string,
  version: number,
  set: { name: string; description: string | null; columns: string; key_column: string },
) =>
  tdb
    .updateTable('ref_datasets')
    .set({ ...set, version: version + 1, modified_on: new Date().toISOString() })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();

/** Sets the row count after rows changed (counted, so it can never drift). */
export async function recount(tdb: TenantDb, id: string): Promise<number> {
  const { n } = await tdb
    .selectFrom('ref_rows')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('dataset_id', '=', id)
    .executeTakeFirstOrThrow();
  const rowCount = Number(n);
  await tdb
    .updateTable('ref_datasets')
    .set({ row_count: rowCount, modified_on: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
  return rowCount;
}

export async function deleteDataset(tdb: TenantDb, id: string) {
  await tdb.deleteFrom('ref_rows').where('dataset_id', '=', id).execute();
  return tdb.deleteFrom('ref_datasets').where('id', '=', id).executeTakeFirst();
}

const ROW = ['id', 'row_key', 'row_data', 'position', 'modified_on'] as const;
export type StoredRow = NonNullable<Awaited<ReturnType<typeof rowById>>>;

const likeText = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Rows whose text contains `search`. PostgreSQL: `~~~` (migration 0096: leakproof LIKE with a trigram index where it
 * could be made). SQLite, when `sparse`: through the FTS5 trigram index (three characters or more); otherwise LIKE,
 * which suits a term found in many rows (the rows are read in order and a page fills quickly).
 */
function matching(tdb: TenantDb, search: string, sparse: boolean) {
  const pattern = likeText(search);
  if (tdb.dialect === 'postgres') return sql<SqlBool>`ref_rows.search_text ~~~ ${pattern}`;
  // FTS5's LIKE has no ESCAPE: a term holding % or _ is searched by plain LIKE.
  if (sparse && [...search].length >= 3 && !/[\\%_]/.test(search))
    return sql<SqlBool>`ref_rows.rowid in (select rowid from ref_rows_fts where ref_rows_fts.search_text like ${pattern})`;
  return sql<SqlBool>`ref_rows.search_text like ${pattern} escape '\\'`;
}

/** Rows read in order before a search counts as rare: past them, SQLite turns to its trigram index. */
const DENSE_WINDOW = 2000;

/**
 * A page of rows in dataset order after a keyset cursor; a search matches any cell's text. `dense` says the term
 * filled the page from the next rows in order (so it is common: counting it by reading in order is quick).
 */
export async function rowPage(
  tdb: TenantDb,
  datasetId: string,
  opts: { search: string; after?: [number, string]; limit: number; offset?: number },
): Promise<{ rows: StoredRow[]; dense: boolean }> {
  const page = (where?: ReturnType<typeof matching>) => {
    let q = tdb
      .selectFrom('ref_rows')
      .select([...ROW])
      .where('dataset_id', '=', datasetId);
    // A row value, so both databases range over the (position, id) index from the cursor on.
    if (opts.after) q = q.where(sql<SqlBool>`(position, id) > (${opts.after[0]}, ${opts.after[1]})`);
    if (where) q = q.where(where);
    return q.orderBy('position').orderBy('id');
  };
  const run = async (where?: ReturnType<typeof matching>, dense = false) => {
    const q = page(where).limit(opts.limit);
    return { rows: await (opts.offset ? q.offset(opts.offset) : q).execute(), dense };
  };
  if (!opts.search || tdb.dialect === 'postgres')
    return run(opts.search ? matching(tdb, opts.search, false) : undefined, true);
  // SQLite: a common term fills the page from the next rows in order; a rare one is found through the index.
  if (!opts.offset) {
    const edge = await page().offset(DENSE_WINDOW).limit(1).executeTakeFirst();
    const dense = page(sql<SqlBool>`ref_rows.search_text like ${likeText(opts.search)} escape '\\'`);
    // Fewer rows than the window remain: reading them all is cheap and the answer is complete.
    if (!edge) return { rows: await dense.limit(opts.limit).execute(), dense: true };
    const found = await dense
      .where(sql<SqlBool>`(position, id) < (${edge.position}, ${edge.id})`)
      .limit(opts.limit)
      .execute();
    if (found.length >= opts.limit) return { rows: found, dense: true };
  }
  return run(matching(tdb, opts.search, true));
}

/**
 * How many rows match a search, counted up to `cap` (a count over millions stops there): a common term by reading
 * in order (the cap comes quickly), a rare one through the index.
 */
export async function countMatching(tdb: TenantDb, datasetId: string, search: string, cap: number, dense: boolean) {
  const ids = await tdb
    .selectFrom('ref_rows')
    .select('id')
    .where('dataset_id', '=', datasetId)
    .where(matching(tdb, search, !dense))
    .limit(cap)
    .execute();
  return ids.length;
}

export const rowById = (tdb: TenantDb, datasetId: string, id: string) =>
  tdb
    .selectFrom('ref_rows')
    .select([...ROW])
    .where('dataset_id', '=', datasetId)
    .where('id', '=', id)
    .executeTakeFirst();

export const rowByKey = (tdb: TenantDb, datasetId: string, key: string) =>
  tdb
    .selectFrom('ref_rows')
    .select([...ROW])
    .where('dataset_id', '=', datasetId)
    .where('row_key', '=', key)
    .executeTakeFirst();

export const rowsByKeys = (tdb: TenantDb, datasetId: string, keys: string[]) =>
  keys.length
    ? tdb
        .selectFrom('ref_rows')
        .select(['id', 'row_key'])
        .where('dataset_id', '=', datasetId)
        .where('row_key', 'in', keys)
        .execute()
    : Promise.resolve([]);

/** The last position in a dataset (0 when empty). */
export async function lastPosition(tdb: TenantDb, datasetId: string): Promise<number> {
  const r = await tdb
    .selectFrom('ref_rows')
    .select((eb) => eb.fn.max('position').as('p'))
    .where('dataset_id', '=', datasetId)
    .executeTakeFirst();
  return Number(r?.p ?? 0);
}

/** The position just before `id`'s row (the previous row's, or `id`'s minus a step when it is first). */
export async function positionBefore(tdb: TenantDb, datasetId: string, id: string) {
  const at = await rowById(tdb, datasetId, id);
  if (!at) return null;
  const prev = await tdb
    .selectFrom('ref_rows')
    .select('position')
    .where('dataset_id', '=', datasetId)
    .where((eb) =>
      eb.or([eb('position', '<', at.position), eb.and([eb('position', '=', at.position), eb('id', '<', at.id)])]),
    )
    .orderBy('position', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { next: Number(at.position), prev: prev ? Number(prev.position) : Number(at.position) - 1024 };
}

export type NewRow = {
  id: string;
  dataset_id: string;
  position: number;
  row_key: string;
  row_data: string;
  search_text: string;
};

/** Inserts rows in chunks (a statement's parameter count stays bounded on both databases). */
export async function insertRows(tdb: TenantDb, rows: NewRow[]) {
  const now = new Date().toISOString();
  for (let i = 0; i < rows.length; i += 500) {
    await tdb
      .insertInto(
        'ref_rows',
        rows.slice(i, i + 500).map((r) => ({ ...r, modified_on: now })),
      )
      .execute();
  }
}

export const updateRow = (
  tdb: TenantDb,
  datasetId: string,
  id: string,
  set: { row_key: string; row_data: string; search_text: string },
) =>
  tdb
    .updateTable('ref_rows')
    .set({ ...set, modified_on: new Date().toISOString() })
    .where('dataset_id', '=', datasetId)
    .where('id', '=', id)
    .executeTakeFirst();

export const moveRow = (tdb: TenantDb, datasetId: string, id: string, position: number) =>
  tdb
    .updateTable('ref_rows')
    .set({ position })
    .where('dataset_id', '=', datasetId)
    .where('id', '=', id)
    .executeTakeFirst();

export const deleteRows = (tdb: TenantDb, datasetId: string, ids: string[]) =>
  tdb.deleteFrom('ref_rows').where('dataset_id', '=', datasetId).where('id', 'in', ids).executeTakeFirst();

export const keysToIds = (tdb: TenantDb, datasetId: string) =>
  tdb
    .updateTable('ref_rows')
    .set((eb) => ({ row_key: eb.ref('id') }))
    .where('dataset_id', '=', datasetId)
    .execute();

/** The same for some rows: edited rows may swap keys within one batch. */
export const keysToIdsFor = (tdb: TenantDb, datasetId: string, ids: string[]) =>
  tdb
    .updateTable('ref_rows')
    .set((eb) => ({ row_key: eb.ref('id') }))
    .where('dataset_id', '=', datasetId)
    .where('id', 'in', ids)
    .execute();

export const deleteAllRows = (tdb: TenantDb, datasetId: string) =>
  tdb.deleteFrom('ref_rows').where('dataset_id', '=', datasetId).execute();

/** Numbers a dataset's rows 1024 apart again in their order, when moves have left no room between two of them. */
export async function renumber(tdb: TenantDb, datasetId: string) {
  const ids = await tdb
    .selectFrom('ref_rows')
    .select('id')
    .where('dataset_id', '=', datasetId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const [i, r] of ids.entries()) await moveRow(tdb, datasetId, r.id, (i + 1) * 1024);
}

/** Every row in order, a chunk at a time (exports of any size). */
export async function* allRows(tdb: TenantDb, datasetId: string) {
  let after: [number, string] | undefined;
  for (;;) {
    const { rows: page } = await rowPage(tdb, datasetId, { search: '', after, limit: 2000 });
    if (!page.length) return;
    yield page;
    const last = page[page.length - 1]!;
    after = [Number(last.position), last.id];
  }
}
