import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../http/errors.js';

/** Favourite modules of the signed-in user: list, add, remove (spec: moduleId). */
export async function favouriteRoutes(app: FastifyInstance) {
  const moduleIdOf = async (req: FastifyRequest) => {
    const b = (req.body ?? {}) as { moduleId?: unknown };
    const q = (req.query ?? {}) as { moduleId?: unknown };
    const id = b.moduleId ?? q.moduleId;
    if (typeof id !== 'string' || !id) throw badRequest('moduleId is required.');
    const m = await req.tdb
      .selectFrom('modules')
      .select('id')
      .where('id', '=', id)
      .where('deleted_on', 'is', null)
      .executeTakeFirst();
    if (!m) throw notFound('The app does not exist.');
    return id;
  };

  app.get('/api/sys/Favourite/list', { schema: { tags: ['favourites'] } }, async (req) => {
    const rows = await req.tdb
      .selectFrom('favourites')
      .innerJoin('modules', (j) =>
        j.onRef('modules.id', '=', 'favourites.module_id').onRef('modules.tenant_id', '=', 'favourites.tenant_id'),
      )
      .leftJoin('module_categories', (j) =>
        j
          .onRef('module_categories.id', '=', 'modules.application_module_category_id')
          .onRef('module_categories.tenant_id', '=', 'modules.tenant_id'),
      )
      .select(['modules.id', 'modules.display_name', 'modules.app_icon', 'module_categories.icon as category_icon'])
      .where('favourites.user_id', '=', req.user.id)
      .where('modules.deleted_on', 'is', null)
      .orderBy('favourites.created_on')
      .execute();
    return {
      success: true,
      message: '',
      data: rows.map((r) => ({
        id: r.id,
        title: r.display_name,
        display_name: r.display_name,
        app_icon: r.app_icon,
        category_icon: r.category_icon,
      })),
    };
  });

  app.post('/api/sys/favourite/add', { schema: { tags: ['favourites'] } }, async (req) => {
    const moduleId = await moduleIdOf(req);
    await req.tdb
      .insertInto('favourites', { user_id: req.user.id, module_id: moduleId, created_on: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'module_id']).doNothing())
      .execute();
    return { success: true, message: 'Added to favourites.' };
  });

  app.post('/api/sys/favourite/remove', { schema: { tags: ['favourites'] } }, async (req) => {
    const moduleId = await moduleIdOf(req);
    await req.tdb
      .deleteFrom('favourites')
      .where('user_id', '=', req.user.id)
      .where('module_id', '=', moduleId)
      .execute();
    return { success: true, message: 'Removed from favourites.' };
  });
}
