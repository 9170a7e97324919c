import { ok, type ApiApp } from '../../http/api.js';
import { rolesOf } from '../../access/index.js';
import { IdParams, NoBody } from '../../../../schemas/api/common.js';
import { EDITOR as E, type AppsChanged } from '../paths.js';
import { IdAnswer, ListAnswer, OrderAnswer, OrderCategoriesBody, SaveCategoryBody } from './schemas.js';
import { deleteCategory, listCategories, orderCategories, saveCategory } from './service.js';

const tags = ['apps'];
const managers = { roles: rolesOf('managers') };

/** App groups (module categories) with the spec's messages (section 8); changed by managers only. */
export function categoryRoutes(app: ApiApp, appsChanged: AppsChanged) {
  app.get(`${E}/category/list`, { schema: { tags, response: { 200: ListAnswer } } }, async (req) =>
    ok(await listCategories(req.tdb)),
  );

  app.post(
    `${E}/category/save`,
    { config: managers, schema: { tags, body: SaveCategoryBody, response: { 200: IdAnswer } } },
    async (req) => {
      const done = await saveCategory(req.tdb, req.body);
      appsChanged(req.tdb.tenantId);
      return ok(done, 'Group has been saved');
    },
  );

  app.post(
    `${E}/category/:id/delete`,
    { config: managers, schema: { tags, params: IdParams, body: NoBody, response: { 200: IdAnswer } } },
    async (req) => {
      const done = await deleteCategory(req.tdb, req.params.id);
      appsChanged(req.tdb.tenantId);
      return ok(done, 'Group has been deleted');
    },
  );

  app.post(
    `${E}/category/order`,
    { config: managers, schema: { tags, body: OrderCategoriesBody, response: { 200: OrderAnswer } } },
    async (req) => {
      const done = await orderCategories(req.tdb, req.body);
      appsChanged(req.tdb.tenantId);
      return ok(done, 'App group order saved');
    },
  );
}
