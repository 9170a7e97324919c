import type { TenantDb } from '../tenancy/tenant-db.js';
import { badRequest } from '../http/errors.js';
import type { TreeNode } from './schemas.js';
import { categories, orderCategories, publishedModules } from './queries.js';

type ModuleRow = Awaited<ReturnType<typeof publishedModules>>[number];

const appNode = (m: ModuleRow): TreeNode => ({
  id: m.id,
  text: m.display_name,
  type: 'Module',
  icon: m.app_icon,
  description: m.module_description,
});

/** The sidebar's module tree: published apps under their groups (empty groups left out), then apps without one. */
export async function moduleTree(tdb: TenantDb): Promise<TreeNode[]> {
  const [groups, modules] = await Promise.all([categories(tdb), publishedModules(tdb)]);
  const known = new Set(groups.map((c) => c.id));
  const tree: TreeNode[] = [];
  for (const c of groups) {
    const children = modules.filter((m) => m.application_module_category_id === c.id).map(appNode);
    if (children.length)
      tree.push({ id: c.id, text: c.category_name, type: 'group', icon: c.icon, description: null, children });
  }
  for (const m of modules)
    if (!m.application_module_category_id || !known.has(m.application_module_category_id)) tree.push(appNode(m));
  return tree;
}

/** Orders the app groups (module categories); every id must be a group of the tenant, each once. */
export async function orderGroups(tdb: TenantDb, ids: string[]): Promise<void> {
  // The spec's words for any failure to order.
  const failed = () => badRequest('Failed to order App Group');
  if (new Set(ids).size !== ids.length) throw failed();
  if (!(await orderCategories(tdb, ids))) throw failed();
}
