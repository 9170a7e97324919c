import type { FastifyInstance } from 'fastify';
import { badRequest } from '../http/errors.js';
import { MANAGERS, menuFor } from './menu-items.js';

/** A node of the sidebar module tree (spec: id, text, type Module or group, icon, description, children). */
export interface TreeNode {
  id: string;
  text: string;
  type: 'Module' | 'group';
  icon: string | null;
  description: string | null;
  children?: TreeNode[];
}

/** Menu for the signed-in shell: the module tree (published modules by category) and the role-filtered menu. */
export async function menuRoutes(app: FastifyInstance) {
  const base = '/api/sys/permissions/menu';

  app.get(
    `${base}/sidebar/tree`,
    { schema: { tags: ['menu'], summary: 'Published modules grouped by category' } },
    async (req) => {
      const [categories, modules] = await Promise.all([
        req.tdb
          .selectFrom('module_categories')
          .select(['id', 'category_name', 'icon'])
          .orderBy('order_index')
          .orderBy('category_name')
          .execute(),
        req.tdb
          .selectFrom('modules')
          .select(['id', 'display_name', 'module_description', 'app_icon', 'application_module_category_id'])
          .where('deleted_on', 'is', null)
          .where('published_version', 'is not', null)
          .orderBy('display_name')
          .execute(),
      ]);
      const node = (m: (typeof modules)[number]): TreeNode => ({
        id: m.id,
        text: m.display_name,
        type: 'Module',
        icon: m.app_icon,
        description: m.module_description,
      });
      const known = new Set(categories.map((c) => c.id));
      const tree: TreeNode[] = [];
      for (const c of categories) {
        const children = modules.filter((m) => m.application_module_category_id === c.id).map(node);
        if (children.length)
          tree.push({ id: c.id, text: c.category_name, type: 'group', icon: c.icon, description: null, children });
      }
      for (const m of modules)
        if (!m.application_module_category_id || !known.has(m.application_module_category_id)) tree.push(node(m));
      return { success: true, message: '', data: tree };
    },
  );

  app.get(
    `${base}/sidebar`,
    { schema: { tags: ['menu'], summary: 'The menu entries the caller may see' } },
    async (req) => ({
      success: true,
      message: '',
      data: menuFor(req.user),
    }),
  );

  // Orders the app groups (module categories) of the tree.
  app.put(`${base}/sidebar/order`, { config: { roles: MANAGERS }, schema: { tags: ['menu'] } }, async (req) => {
    const order = (req.body as { order?: unknown } | undefined)?.order;
    if (!Array.isArray(order) || !order.every((x) => typeof x === 'string'))
      throw badRequest('Failed to order App Group');
    const ids = order as string[];
    if (new Set(ids).size !== ids.length) throw badRequest('Failed to order App Group');
    await req.tdb.transaction(async (tx) => {
      const existing = await tx.selectFrom('module_categories').select('id').execute();
      const known = new Set(existing.map((c) => c.id));
      if (!ids.every((id) => known.has(id))) throw badRequest('Failed to order App Group');
      for (const [i, id] of ids.entries())
        await tx.updateTable('module_categories').set({ order_index: i }).where('id', '=', id).execute();
    });
    return { success: true, message: 'App group order saved' };
  });
}
