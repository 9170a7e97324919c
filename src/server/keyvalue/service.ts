import crypto from 'node:crypto';
import { badRequest, conflict, notFound } from '../http/errors.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { nameRuleProblems } from '../../../runtime/text-rules.js';
import type { DatasetQuery, KvCategory, KvList, KvValue, ListQuery, SaveListBody } from './schemas.js';
import * as q from './queries.js';

type Row = NonNullable<Awaited<ReturnType<typeof q.listById>>>;

/** A stored list as the API shows it, its category ids resolved to names (ids of deleted categories drop out). */
function view(r: Row, byId: Map<string, KvCategory>): KvList {
  const ids = JSON.parse(r.category_ids) as string[];
  return {
    id: r.id,
    key_name: r.key_name,
    description: r.description,
    categories: ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
    values: JSON.parse(r.list_values) as KvValue[],
    version: r.version,
    modified_on: r.modified_on,
  };
}

const categoryMap = async (tdb: TenantDb) => new Map((await q.categories(tdb)).map((c) => [c.id, c]));

export async function listLists(tdb: TenantDb, query: ListQuery): Promise<KvList[]> {
  const byId = await categoryMap(tdb);
  const rows = await q.lists(tdb, (query.search ?? '').trim());
  const views = rows.map((r) => view(r, byId));
  return query.categoryId ? views.filter((l) => l.categories.some((c) => c.id === query.categoryId)) : views;
}

export async function listDetail(tdb: TenantDb, id: string): Promise<KvList> {
  const r = await q.listById(tdb, id);
  if (!r) throw notFound('List not found');
  return view(r, await categoryMap(tdb));
}

/** Checks a list before it is stored: a name by the naming rules, keys present and unique, categories that exist. */
async function checked(tdb: TenantDb, b: SaveListBody) {
  const name = b.key_name.trim();
  if (!name) throw badRequest('Key name is required');
  const problem = nameRuleProblems(b.key_name)[0];
  if (problem) throw badRequest(`Key name: ${problem}`);
  const seen = new Set<string>();
  for (const [i, v] of b.values.entries()) {
    const key = v.key.trim();
    if (!key) throw badRequest(`Value ${i + 1}: the key is required`);
    if (seen.has(key)) throw badRequest(`Value ${i + 1}: the key '${key}' is used twice`);
    seen.add(key);
  }
  const ids = [...new Set(b.categories ?? [])];
  const known = await categoryMap(tdb);
  const missing = ids.find((id) => !known.has(id));
  if (missing) throw badRequest(`Category ${missing} does not exist`);
  return {
    key_name: name,
    description: b.description?.trim() || null,
    category_ids: JSON.stringify(ids),
    list_values: JSON.stringify(b.values.map((v) => ({ key: v.key.trim(), value: v.value }))),
  };
}

/** Creates a list, or replaces one whole at the version its writer read (another save in between answers 409). */
export async function saveList(tdb: TenantDb, user: AuthUser, b: SaveListBody): Promise<KvList> {
  return tdb.transaction(async (tx) => {
    const row = await checked(tx, b);
    const clash = await q.listByKey(tx, row.key_name);
    if (clash && clash.id !== b.id) throw badRequest(`A list named '${row.key_name}' already exists`);
    if (!b.id) {
      const id = crypto.randomUUID();
      await q.insertList(tx, { id, ...row, created_by: user.id });
      return listDetail(tx, id);
    }
    const current = await q.listById(tx, b.id);
    if (!current) throw notFound('List not found');
    const version = b.version ?? current.version;
    const r = await q.updateList(tx, b.id, version, row);
    if (!Number(r.numUpdatedRows))
      throw conflict('This list was changed by someone else just now. Reload to see the current values.');
    return listDetail(tx, b.id);
  });
}

export async function deleteList(tdb: TenantDb, id: string): Promise<{ id: string }> {
  const r = await q.deleteList(tdb, id);
  if (!Number(r.numDeletedRows)) throw notFound('List not found');
  return { id };
}

export const listCategories = (tdb: TenantDb): Promise<KvCategory[]> => q.categories(tdb);

export async function addCategory(tdb: TenantDb, rawName: string): Promise<KvCategory> {
  const name = rawName.trim();
  if (!name) throw badRequest('Category name is required');
  const problem = nameRuleProblems(rawName)[0];
  if (problem) throw badRequest(`Category name: ${problem}`);
  return tdb.transaction(async (tx) => {
    if (await q.categoryNamed(tx, name)) throw badRequest(`A category named '${name}' already exists`);
    const row = { id: crypto.randomUUID(), category_name: name };
    await q.insertCategory(tx, row);
    return row;
  });
}

/** The options a dropdown fed by a list offers: the list named by id or key name. */
export async function dataset(tdb: TenantDb, query: DatasetQuery) {
  if (!query.id && !query.key_name) throw badRequest('id or key_name is required');
  const r = query.id ? await q.listById(tdb, query.id) : await q.listByKey(tdb, query.key_name!);
  if (!r) throw notFound('List not found');
  const values = JSON.parse(r.list_values) as KvValue[];
  return { id: r.id, key_name: r.key_name, options: values.map((v) => ({ value: v.key, label: v.value })) };
}
