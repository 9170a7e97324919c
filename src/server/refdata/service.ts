import crypto from 'node:crypto';
import { inGroup } from '../access/roles.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/errors.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { nameRuleProblems } from '../../../runtime/text-rules.js';
import { cellText, rowValues, type DatasetColumn, type RowData } from '../../../runtime/dataset-columns.js';
import type { Dataset, RowProblem, SaveDatasetBody } from './schemas.js';
import * as q from './queries.js';

/** The User Extension is keyed by user name and kept by administrators, system administrators and consultants. */
export const USER_KEY: DatasetColumn = { key: 'username', label: 'User name', type: 'text', required: true };

export function view(r: q.DatasetRow): Dataset {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    kind: r.kind === 'user_extension' ? 'user_extension' : 'data',
    columns: JSON.parse(r.columns) as DatasetColumn[],
    keyColumn: r.key_column,
    rowCount: Number(r.row_count),
    version: Number(r.version),
    modified_on: r.modified_on,
  };
}

/** May this user see and change this dataset? The User Extension is for the tenant's managers only. */
export const mayKeep = (user: AuthUser, kind: string) => kind !== 'user_extension' || inGroup(user, 'managers');

/** A dataset the caller may keep, or 404 (one they may not keep is not shown to exist). */
export async function keptDataset(tdb: TenantDb, user: AuthUser, id: string) {
  const r = await q.datasetById(tdb, id);
  if (!r || !mayKeep(user, r.kind)) throw notFound('Dataset not found');
  return view(r);
}

export async function listDatasets(tdb: TenantDb, user: AuthUser, search: string): Promise<Dataset[]> {
  const rows = await q.datasets(tdb, search.trim());
  return rows.filter((r) => mayKeep(user, r.kind)).map(view);
}

/** A 400 that lists each bad row (`issues`), as imports and column changes report them. */
export function rowsRefused(message: string, problems: RowProblem[]) {
  return Object.assign(new HttpError(400, message), { issues: problems.slice(0, 200) });
}

/** Checks a definition: a name by the naming rules, unique column keys, a key column among them. */
function checkedDefinition(b: SaveDatasetBody, kind: 'data' | 'user_extension') {
  const name = b.name.trim();
  if (!name) throw badRequest('Name is required');
  const problem = nameRuleProblems(b.name, 64)[0];
  if (problem) throw badRequest(`Name: ${problem}`);
  const columns = b.columns.map((c) => ({ ...c, label: c.label.trim() || c.key }));
  if (kind === 'user_extension' && !columns.some((c) => c.key === USER_KEY.key)) columns.unshift(USER_KEY);
  const seen = new Set<string>();
  for (const c of columns) {
    if (seen.has(c.key)) throw badRequest(`Column '${c.key}' is named twice`);
    seen.add(c.key);
  }
  const keyColumn = kind === 'user_extension' ? USER_KEY.key : (b.keyColumn ?? columns[0]!.key);
  const key = columns.find((c) => c.key === keyColumn);
  if (!key) throw badRequest(`The key column '${keyColumn}' is not one of the columns`);
  key.required = true;
  if (kind === 'user_extension') Object.assign(key, { type: 'text' });
  return { name, description: b.description?.trim() || null, columns, keyColumn };
}

/** Text a search matches: every cell, lower-cased. */
export const searchText = (values: RowData) => Object.values(values).map(cellText).join('\n').toLowerCase();

/** Creates a dataset, or changes one at the version its writer read; rows are checked against changed columns. */
export const saveDataset = (tdb: TenantDb, user: AuthUser, b: SaveDatasetBody): Promise<Dataset> =>
  tdb.transaction((tx) => storeDataset(tx, user, b));

/** saveDataset inside a transaction the caller holds (an import creates its dataset and rows together). */
export async function storeDataset(tx: TenantDb, user: AuthUser, b: SaveDatasetBody): Promise<Dataset> {
  const current = b.id ? await keptDataset(tx, user, b.id) : null;
  const kind = b.kind ?? current?.kind ?? 'data';
  if (!mayKeep(user, kind)) throw forbidden();
  const def = checkedDefinition(b, kind);
  const clash = await q.datasetNamed(tx, def.name);
  if (clash && clash.id !== b.id) throw badRequest(`A dataset named '${def.name}' already exists`);
  const row = {
    name: def.name,
    description: def.description,
    columns: JSON.stringify(def.columns),
    key_column: def.keyColumn,
  };
  if (!current) {
    if (kind === 'user_extension' && (await q.datasetOfKind(tx, kind)))
      throw badRequest('The User Extension dataset already exists');
    const id = crypto.randomUUID();
    await q.insertDataset(tx, { id, kind, created_by: user.id, ...row });
    return view((await q.datasetById(tx, id))!);
  }
  if (current.kind !== kind) throw badRequest('A dataset keeps its kind');
  const r = await q.updateDataset(tx, current.id, b.version ?? current.version, row);
  if (!Number(r.numUpdatedRows))
    throw conflict('This dataset was changed by someone else just now. Reload to see the current columns.');
  if (JSON.stringify(current.columns) !== row.columns || current.keyColumn !== def.keyColumn)
    await refitRows(tx, current.id, def.columns, def.keyColumn);
  return view((await q.datasetById(tx, current.id))!);
}

/** Rewrites every row for new columns (dropped columns go, types convert); refuses if any row does not fit. */
async function refitRows(tx: TenantDb, id: string, columns: DatasetColumn[], keyColumn: string) {
  const problems: RowProblem[] = [];
  const keys = new Set<string>();
  let n = 0;
  // Keys move to the row ids first, so a row taking another's old key never meets the unique index mid-way.
  await q.keysToIds(tx, id);
  for await (const page of q.allRows(tx, id)) {
    for (const r of page) {
      n++;
      const { values, errors } = rowValues(columns, JSON.parse(r.row_data) as RowData);
      for (const e of errors) problems.push({ row: n, ...e });
      const key = cellText(values[keyColumn]);
      if (keys.has(key)) problems.push({ row: n, column: keyColumn, message: `The key '${key}' is used twice` });
      keys.add(key);
      if (!errors.length)
        await q.updateRow(tx, id, r.id, {
          row_key: key,
          row_data: JSON.stringify(values),
          search_text: searchText(values),
        });
    }
  }
  if (problems.length)
    throw rowsRefused(`${problems.length} cells do not fit the new columns; nothing was changed.`, problems);
}

export async function deleteDataset(tdb: TenantDb, user: AuthUser, id: string) {
  await keptDataset(tdb, user, id);
  await tdb.transaction((tx) => q.deleteDataset(tx, id));
  return { id };
}
