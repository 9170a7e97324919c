import crypto from 'node:crypto';
import { sql } from 'kysely';
import { inGroup } from '../access/roles.js';
import { badRequest, notFound } from '../http/errors.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { cellText, rowValues, type RowData } from '../../../runtime/dataset-columns.js';
import type { AddRowBody, BatchBody, Dataset, Row, RowProblem, RowsBody } from './schemas.js';
import { keptDataset, rowsRefused, searchText, view } from './service.js';
import * as q from './queries.js';

const STEP = 1024;
/** A search's count stops here ("1,000+"): counting a common term over millions would cost more than the page. */
const COUNT_CAP = 1_000;
const OPTIONS_PAGE = 50;

const rowView = (r: q.StoredRow): Row => ({
  id: r.id,
  key: r.row_key,
  data: JSON.parse(r.row_data) as RowData,
  modified_on: r.modified_on,
});

const encodeCursor = (r: q.StoredRow) => Buffer.from(JSON.stringify([Number(r.position), r.id])).toString('base64url');
function decodeCursor(c: string): [number, string] {
  try {
    const v = JSON.parse(Buffer.from(c, 'base64url').toString()) as unknown;
    if (Array.isArray(v) && typeof v[0] === 'number' && typeof v[1] === 'string') return [v[0], v[1]];
  } catch {
    /* refused below */
  }
  throw badRequest('The cursor is not one this list gave');
}

/** A page of a dataset's rows in its order (the datatable payload); `cursor` continues by keyset at any depth. */
export async function rowPage(tdb: TenantDb, user: AuthUser, b: RowsBody) {
  const ds = await keptDataset(tdb, user, b.datasetId);
  const length = b.length ?? 50;
  const search = (typeof b.search === 'string' ? b.search : (b.search?.value ?? '')).trim();
  const page = b.page ?? 1;
  const after = b.cursor ? decodeCursor(b.cursor) : undefined;
  const { rows, dense } = await q.rowPage(tdb, ds.id, {
    search,
    after,
    limit: length + 1,
    offset: after ? undefined : (page - 1) * length,
  });
  const more = rows.length > length;
  const shown = rows.slice(0, length);
  const filtered = search ? await q.countMatching(tdb, ds.id, search, COUNT_CAP + 1, dense) : ds.rowCount;
  return {
    data: shown.map(rowView),
    recordsTotal: ds.rowCount,
    recordsFiltered: Math.min(filtered, COUNT_CAP),
    countCapped: filtered > COUNT_CAP,
    page,
    length,
    nextCursor: more ? encodeCursor(shown[shown.length - 1]!) : null,
  };
}

/** A row's stored form, or its problems (row number `n` for reports). */
function prepared(ds: Dataset, input: Record<string, unknown>, n: number) {
  const unknown = Object.keys(input).find((k) => !ds.columns.some((c) => c.key === k));
  const { values, errors } = rowValues(ds.columns, input);
  const problems: RowProblem[] = errors.map((e) => ({ row: n, ...e }));
  if (unknown) problems.push({ row: n, column: unknown, message: `'${unknown}' is not a column of this dataset` });
  const key = cellText(values[ds.keyColumn]);
  return { values, key, problems };
}

/** The User Extension's keys must be user names of the tenant. */
async function unknownUsers(tdb: TenantDb, ds: Dataset, keys: string[]): Promise<Set<string>> {
  if (ds.kind !== 'user_extension' || !keys.length) return new Set();
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await tdb
      .selectFrom('users')
      .select('username')
      .where('username', 'in', keys.slice(i, i + 500))
      .execute();
    for (const r of rows) found.add(r.username);
  }
  return new Set(keys.filter((k) => !found.has(k)));
}

export interface Prepared {
  values: RowData;
  key: string;
}

/**
 * Checks new rows together: cells against columns, keys unique among themselves and against rows kept (`existing`
 * says which keys are taken by rows not being replaced), user names for the User Extension.
 */
export async function checkRows(
  tdb: TenantDb,
  ds: Dataset,
  inputs: { data: Record<string, unknown>; n: number; id?: string }[],
  taken: (keys: string[]) => Promise<Map<string, string>>,
) {
  const problems: RowProblem[] = [];
  const rows: (Prepared & { n: number; id?: string })[] = [];
  const seen = new Map<string, number>();
  for (const input of inputs) {
    const p = prepared(ds, input.data, input.n);
    problems.push(...p.problems);
    if (p.problems.length) continue;
    if (seen.has(p.key))
      problems.push({
        row: input.n,
        column: ds.keyColumn,
        message: `The key '${p.key}' is also on row ${seen.get(p.key)}`,
      });
    else seen.set(p.key, input.n);
    rows.push({ ...p, n: input.n, id: input.id });
  }
  const owners = await taken([...seen.keys()]);
  for (const r of rows) {
    const owner = owners.get(r.key);
    if (owner && owner !== r.id)
      problems.push({ row: r.n, column: ds.keyColumn, message: `The key '${r.key}' is already in this dataset` });
  }
  const strangers = await unknownUsers(tdb, ds, [...seen.keys()]);
  for (const r of rows)
    if (strangers.has(r.key)) problems.push({ row: r.n, column: ds.keyColumn, message: `No user is named '${r.key}'` });
  return { rows, problems: problems.sort((a, b) => a.row - b.row) };
}

const keyOwners = (tdb: TenantDb, datasetId: string) => async (keys: string[]) => {
  const owners = new Map<string, string>();
  for (let i = 0; i < keys.length; i += 500)
    for (const r of await q.rowsByKeys(tdb, datasetId, keys.slice(i, i + 500))) owners.set(r.row_key, r.id);
  return owners;
};

export const newRow = (datasetId: string, r: Prepared, position: number): q.NewRow => ({
  id: crypto.randomUUID(),
  dataset_id: datasetId,
  position,
  row_key: r.key,
  row_data: JSON.stringify(r.values),
  search_text: searchText(r.values),
});

/** The position for a row placed before `beforeId` (between it and the row before it), or after the last row. */
async function placeFor(tx: TenantDb, datasetId: string, beforeId: string | null | undefined): Promise<number> {
  if (!beforeId) return (await q.lastPosition(tx, datasetId)) + STEP;
  let gap = await q.positionBefore(tx, datasetId, beforeId);
  if (!gap) throw badRequest(`Row ${beforeId} is not in this dataset`);
  if (gap.next - gap.prev < 1e-6) {
    await q.renumber(tx, datasetId);
    gap = (await q.positionBefore(tx, datasetId, beforeId))!;
  }
  return (gap.prev + gap.next) / 2;
}

/** Locks the dataset's row for this transaction, so two writers of one dataset take turns (keys, positions). */
async function lockDataset(tx: TenantDb, datasetId: string) {
  await tx
    .updateTable('ref_datasets')
    .set({ version: sql`version` })
    .where('id', '=', datasetId)
    .execute();
}

export async function addRow(tdb: TenantDb, user: AuthUser, b: AddRowBody): Promise<Row> {
  return tdb.transaction(async (tx) => {
    const ds = await keptDataset(tx, user, b.datasetId);
    await lockDataset(tx, ds.id);
    const { rows, problems } = await checkRows(tx, ds, [{ data: b.data, n: 1 }], keyOwners(tx, ds.id));
    if (problems.length) throw rowsRefused(problems.map((p) => p.message).join('; '), problems);
    const row = newRow(ds.id, rows[0]!, await placeFor(tx, ds.id, b.beforeId));
    await q.insertRows(tx, [row]);
    await q.recount(tx, ds.id);
    return rowView((await q.rowById(tx, ds.id, row.id))!);
  });
}

/** Adds, edits, deletes and moves rows of one dataset together; any bad row refuses the whole batch. */
export async function batch(tdb: TenantDb, user: AuthUser, b: BatchBody) {
  return tdb.transaction(async (tx) => {
    const ds = await keptDataset(tx, user, b.datasetId);
    await lockDataset(tx, ds.id);
    const deletes = new Set(b.delete ?? []);
    const edits = b.update ?? [];
    for (const e of edits)
      if (!(await q.rowById(tx, ds.id, e.id))) throw notFound(`Row ${e.id} is not in this dataset`);
    const inputs = [
      ...edits.map((e, i) => ({ data: e.data, n: i + 1, id: e.id })),
      ...(b.add ?? []).map((a, i) => ({ data: a.data, n: edits.length + i + 1 })),
    ];
    const owners = keyOwners(tx, ds.id);
    // Keys of rows deleted or re-keyed in this batch are free; the batch's own keys are checked among themselves.
    const released = new Set([...deletes, ...edits.map((e) => e.id)]);
    const { rows, problems } = await checkRows(tx, ds, inputs, async (keys) => {
      const m = await owners(keys);
      for (const [k, id] of m) if (released.has(id)) m.delete(k);
      return m;
    });
    if (problems.length) throw rowsRefused(`${problems.length} problems; nothing was changed.`, problems);
    let deleted = 0;
    if (deletes.size) deleted = Number((await q.deleteRows(tx, ds.id, [...deletes])).numDeletedRows);
    const edited = rows.filter((r) => r.id);
    if (edited.length)
      await q.keysToIdsFor(
        tx,
        ds.id,
        edited.map((r) => r.id!),
      );
    for (const r of edited)
      await q.updateRow(tx, ds.id, r.id!, {
        row_key: r.key,
        row_data: JSON.stringify(r.values),
        search_text: searchText(r.values),
      });
    let last = await q.lastPosition(tx, ds.id);
    const added = rows.filter((r) => !r.id).map((r) => newRow(ds.id, r, (last += STEP)));
    await q.insertRows(tx, added);
    for (const m of b.move ?? []) {
      if (!(await q.rowById(tx, ds.id, m.id))) throw notFound(`Row ${m.id} is not in this dataset`);
      if (m.beforeId === m.id) continue;
      await q.moveRow(tx, ds.id, m.id, await placeFor(tx, ds.id, m.beforeId));
    }
    const rowCount = await q.recount(tx, ds.id);
    const addedRows = await Promise.all(added.map(async (r) => rowView((await q.rowById(tx, ds.id, r.id))!)));
    return { added: addedRows, updated: edited.length, deleted, moved: b.move?.length ?? 0, rowCount };
  });
}

/** One row by its key, for forms: any signed-in user reads a dataset; a User Extension row, its own user or a manager. */
export async function rowByKey(tdb: TenantDb, user: AuthUser, datasetId: string, key: string): Promise<Row> {
  const r = await q.datasetById(tdb, datasetId);
  if (!r) throw notFound('Dataset not found');
  const ds = view(r);
  if (ds.kind === 'user_extension' && !inGroup(user, 'managers')) {
    const me = await tdb.selectFrom('users').select('username').where('id', '=', user.id).executeTakeFirst();
    if (me?.username !== key) throw notFound('Row not found');
  }
  const row = await q.rowByKey(tdb, ds.id, key);
  if (!row) throw notFound('Row not found');
  return rowView(row);
}

/** A dataset forms may read: any but the User Extension, which only its keepers read whole. */
async function readableDataset(tdb: TenantDb, user: AuthUser, id: string): Promise<Dataset | null> {
  const r = await q.datasetById(tdb, id);
  if (!r || (r.kind === 'user_extension' && !inGroup(user, 'managers'))) return null;
  return view(r);
}

/** Rows among `keys` by key (a saved dropdown value checked against its dataset), or undefined without the dataset. */
export async function rowsForForm(tdb: TenantDb, user: AuthUser, datasetId: string, keys: string[]) {
  const ds = await readableDataset(tdb, user, datasetId);
  if (!ds) return undefined;
  const found = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await tdb
      .selectFrom('ref_rows')
      .select(['row_key', 'row_data'])
      .where('dataset_id', '=', ds.id)
      .where('row_key', 'in', keys.slice(i, i + 500))
      .execute();
    for (const r of rows) found.set(r.row_key, JSON.parse(r.row_data) as Record<string, unknown>);
  }
  return found;
}

/** What a dropdown fed by a dataset offers for the typed text: rows as `{ id: key, label }`, a page at a time. */
export async function rowOptions(
  tdb: TenantDb,
  user: AuthUser,
  b: { datasetId: string; labelColumn?: string; search?: string; cursor?: string | null },
) {
  const ds = await readableDataset(tdb, user, b.datasetId);
  if (!ds) throw notFound('Dataset not found');
  const label = ds.columns.some((c) => c.key === b.labelColumn) ? b.labelColumn! : ds.keyColumn;
  const { rows } = await q.rowPage(tdb, ds.id, {
    search: (b.search ?? '').trim(),
    after: b.cursor ? decodeCursor(b.cursor) : undefined,
    limit: OPTIONS_PAGE + 1,
  });
  const shown = rows.slice(0, OPTIONS_PAGE);
  return {
    items: shown.map((r) => {
      const data = JSON.parse(r.row_data) as RowData;
      return { id: r.row_key, label: cellText(data[label]) || r.row_key, values: data };
    }),
    nextCursor: rows.length > OPTIONS_PAGE ? encodeCursor(shown[shown.length - 1]!) : null,
  };
}
