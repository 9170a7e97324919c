import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { nameRuleProblems } from '../../../runtime/text-rules.js';
import { ADMINS, EDITOR as E } from './module-row.js';

/** Failures carry the spec's words first, then what was wrong. */
const fail = (status: number, base: string, why?: string) => new HttpError(status, why ? `${base}: ${why}` : base);

/** App groups (module categories) with the spec's messages (section 8). */
export async function categoryRoutes(app: FastifyInstance, _ctx: AppContext) {
  const admin = { config: { roles: ADMINS } };

  app.get(`${E}/category/list`, async (req) => {
    const rows = await req.tdb
      .selectFrom('module_categories')
      .select(['id', 'category_name', 'icon', 'order_index'])
      .orderBy('order_index')
      .orderBy('category_name')
      .execute();
    return { success: true, message: '', data: rows };
  });

  app.post(`${E}/category/save`, admin, async (req) => {
    const b = (req.body ?? {}) as {
      id?: unknown;
      category_name?: unknown;
      name?: unknown;
      icon?: unknown;
      order_index?: unknown;
    };
    const name = typeof b.category_name === 'string' ? b.category_name : typeof b.name === 'string' ? b.name : '';
    if (!name.trim()) throw fail(400, 'Failed to save group', 'the name is required');
    const problem = nameRuleProblems(name)[0];
    if (problem) throw fail(400, 'Failed to save group', problem);
    const icon = typeof b.icon === 'string' && b.icon ? b.icon.slice(0, 64) : null;
    const clash = await req.tdb
      .selectFrom('module_categories')
      .select('id')
      .where('category_name', '=', name.trim())
      .executeTakeFirst();
    if (clash && clash.id !== b.id)
      throw fail(400, 'Failed to save group', `a group named '${name.trim()}' already exists`);
    if (typeof b.id === 'string' && b.id) {
      const r = await req.tdb
        .updateTable('module_categories')
        .set({ category_name: name.trim(), icon })
        .where('id', '=', b.id)
        .executeTakeFirst();
      if (!Number(r.numUpdatedRows)) throw fail(404, 'Failed to save group', 'the group does not exist');
      return { success: true, message: 'Group has been saved', data: { id: b.id } };
    }
    const last = await req.tdb
      .selectFrom('module_categories')
      .select((eb) => eb.fn.max('order_index').as('m'))
      .executeTakeFirst();
    const id = crypto.randomUUID();
    await req.tdb
      .insertInto('module_categories', {
        id,
        category_name: name.trim(),
        icon,
        order_index: Number(last?.m ?? -1) + 1,
        created_on: new Date().toISOString(),
      })
      .execute();
    return { success: true, message: 'Group has been saved', data: { id } };
  });

  // Apps of a deleted group stay, ungrouped.
  app.post(`${E}/category/:id/delete`, admin, async (req) => {
    const { id } = req.params as { id: string };
    return req.tdb.transaction(async (tx) => {
      const r = await tx.deleteFrom('module_categories').where('id', '=', id).executeTakeFirst();
      if (!Number(r.numDeletedRows)) throw fail(404, 'Failed to delete group', 'the group does not exist');
      await tx
        .updateTable('modules')
        .set({ application_module_category_id: null })
        .where('application_module_category_id', '=', id)
        .execute();
      return { success: true, message: 'Group has been deleted', data: { id } };
    });
  });

  app.post(`${E}/category/order`, admin, async (req) => {
    const ids = (req.body as { ids?: unknown } | undefined)?.ids;
    if (!Array.isArray(ids) || !ids.every((x) => typeof x === 'string'))
      throw fail(400, 'Failed to order App Group', 'ids must list every group id');
    return req.tdb.transaction(async (tx) => {
      const all = await tx.selectFrom('module_categories').select('id').execute();
      const known = new Set(all.map((r) => r.id));
      if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((x) => known.has(x)))
        throw fail(400, 'Failed to order App Group', 'ids must list every group id once');
      for (const [i, id] of (ids as string[]).entries())
        await tx.updateTable('module_categories').set({ order_index: i }).where('id', '=', id).execute();
      return { success: true, message: 'App group order saved', data: { ids } };
    });
  });
}
