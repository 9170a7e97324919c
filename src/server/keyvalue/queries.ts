import type { TenantDb } from '../tenancy/tenant-db.js';

export const categories = (tdb: TenantDb) =>
  tdb.selectFrom('kv_categories').select(['id', 'category_name']).orderBy('category_name').execute();

export const categoryNamed = (tdb: TenantDb, name: string) =>
  tdb.selectFrom('kv_categories').select(['id', 'category_name']).where('category_name', '=', name).executeTakeFirst();

export const insertCategory = (tdb: TenantDb, row: { id: string; category_name: string }) =>
  tdb.insertInto('kv_categories', { ...row, created_on: new Date().toISOString() }).execute();

const LIST = ['id', 'key_name', 'description', 'category_ids', 'list_values', 'version', 'modified_on'] as const;

/** Lists by key name; a search matches the key name or the description (case-insensitive, as typed). */
export function lists(tdb: TenantDb, search: string) {
  let q = tdb.selectFrom('kv_lists').select([...LIST]);
  if (search) {
    const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['key_name']), 'like', like),
        eb(eb.fn('lower', [eb.fn.coalesce('description', eb.val(''))]), 'like', like),
      ]),
    );
  }
  return q.orderBy('key_name').limit(1000).execute();
}

export const listById = (tdb: TenantDb, id: string) =>
  tdb
    .selectFrom('kv_lists')
    .select([...LIST])
    .where('id', '=', id)
    .executeTakeFirst();

export const listByKey = (tdb: TenantDb, key: string) =>
  tdb
    .selectFrom('kv_lists')
    .select([...LIST])
    .where('key_name', '=', key)
    .executeTakeFirst();

export const insertList = (
  tdb: TenantDb,
  row: {
    id: string;
    key_name: string;
    description: string | null;
    category_ids: string;
    list_values: string;
    created_by: string;
  },
) => {
  const now = new Date().toISOString();
  return tdb.insertInto('kv_lists', { ...row, version: 1, created_on: now, modified_on: now }).execute();
};

/** Writes a list only at the version the writer read; answers how many rows changed (0: it moved on, or is gone). */
export const deleteList = (tdb: TenantDb, id: string) =>
  tdb.deleteFrom('kv_lists').where('id', '=', id).executeTakeFirst();

export const updateList = (
  tdb: TenantDb,
  id: string,
  version: number,
  set: { key_name: string; description: string | null; category_ids: string; list_values: string },
) =>
  tdb
    .updateTable('kv_lists')
    .set({ ...set, version: version + 1, modified_on: new Date().toISOString() })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
