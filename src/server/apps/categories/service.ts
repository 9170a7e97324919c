import crypto from 'node:crypto';
import { HttpError } from '../../http/errors.js';
import type { TenantDb } from '../../tenancy/tenant-db.js';
import { nameRuleProblems } from '../../../../runtime/text-rules.js';
import type { Category, OrderCategoriesBody, SaveCategoryBody } from './schemas.js';
import * as q from './queries.js';

/** Failures carry the spec's words first (section 8), then what was wrong. */
const fail = (status: number, base: string, why: string) => new HttpError(status, `${base}: ${why}`);

export const listCategories = (tdb: TenantDb): Promise<Category[]> => q.listCategories(tdb);

/** Creates a group (placed last) or renames one; names are unique within the tenant. */
export async function saveCategory(tdb: TenantDb, b: SaveCategoryBody): Promise<{ id: string }> {
  const name = (b.category_name ?? b.name ?? '').trim();
  if (!name) throw fail(400, 'Failed to save group', 'the name is required');
  const problem = nameRuleProblems(b.category_name ?? b.name ?? '')[0];
  if (problem) throw fail(400, 'Failed to save group', problem);
  const icon = b.icon || null;
  return tdb.transaction(async (tx) => {
    const clash = await q.categoryNamed(tx, name);
    if (clash && clash.id !== b.id) throw fail(400, 'Failed to save group', `a group named '${name}' already exists`);
    if (b.id) {
      const r = await q.renameCategory(tx, b.id, name, icon);
      if (!Number(r.numUpdatedRows)) throw fail(404, 'Failed to save group', 'the group does not exist');
      return { id: b.id };
    }
    const id = crypto.randomUUID();
    await q.insertCategory(tx, { id, category_name: name, icon, order_index: (await q.lastOrderIndex(tx)) + 1 });
    return { id };
  });
}

export async function deleteCategory(tdb: TenantDb, id: string): Promise<{ id: string }> {
  const deleted = await tdb.transaction((tx) => q.deleteCategory(tx, id));
  if (!deleted) throw fail(404, 'Failed to delete group', 'the group does not exist');
  return { id };
}

/** Sets the order of every group: `ids` must list each group once. */
export async function orderCategories(tdb: TenantDb, { ids }: OrderCategoriesBody): Promise<{ ids: string[] }> {
  return tdb.transaction(async (tx) => {
    const known = new Set(await q.categoryIds(tx));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((x) => known.has(x)))
      throw fail(400, 'Failed to order App Group', 'ids must list every group id once');
    for (const [i, id] of ids.entries()) await q.setOrderIndex(tx, id, i);
    return { ids };
  });
}
