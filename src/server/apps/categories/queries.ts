import type { TenantDb } from '../../tenancy/tenant-db.js';

export const listCategories = (tdb: TenantDb) =>
  tdb
    .selectFrom('module_categories')
    .select(['id', 'category_name', 'icon', 'order_index'])
    .orderBy('order_index')
    .orderBy('category_name')
    .execute();

export const categoryNamed = (tdb: TenantDb, name: string) =>
  tdb.selectFrom('module_categories').select('id').where('category_name', '=', name).executeTakeFirst();

export const renameCategory = (tdb: TenantDb, id: string, name: string, icon: string | null) =>
  tdb.updateTable('module_categories').set({ category_name: name, icon }).where('id', '=', id).executeTakeFirst();

export const lastOrderIndex = async (tdb: TenantDb) =>
  Number(
    (
      await tdb
        .selectFrom('module_categories')
        .select((eb) => eb.fn.max('order_index').as('m'))
        .executeTakeFirst()
    )?.m ?? -1,
  );

export const insertCategory = (
  tdb: TenantDb,
  row: { id: string; category_name: string; icon: string | null; order_index: number },
) => tdb.insertInto('module_categories', { ...row, created_on: new Date().toISOString() }).execute();

/** Deletes a group; its apps stay, ungrouped. Run inside a transaction. */
export async function deleteCategory(tx: TenantDb, id: string): Promise<boolean> {
  const r = await tx.deleteFrom('module_categories').where('id', '=', id).executeTakeFirst();
  if (!Number(r.numDeletedRows)) return false;
  await tx
    .updateTable('modules')
    .set({ application_module_category_id: null })
    .where('application_module_category_id', '=', id)
    .execute();
  return true;
}

export const categoryIds = async (tdb: TenantDb) =>
  (await tdb.selectFrom('module_categories').select('id').execute()).map((r) => r.id);

export const setOrderIndex = (tdb: TenantDb, id: string, index: number) =>
  tdb.updateTable('module_categories').set({ order_index: index }).where('id', '=', id).execute();
