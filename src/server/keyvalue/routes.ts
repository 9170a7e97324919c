import { ok, type ApiApp } from '../http/api.js';
import { rolesOf } from '../access/index.js';
import {
  AddCategoryBody,
  CategoriesAnswer,
  CategoryAnswer,
  DatasetAnswer,
  DatasetQuery,
  DeleteBody,
  DeletedAnswer,
  DetailQuery,
  ListAnswer,
  ListQuery,
  ListsAnswer,
  SaveListBody,
} from './schemas.js';
import { addCategory, dataset, deleteList, listCategories, listDetail, listLists, saveList } from './service.js';

const L = '/api/form/ListKeyValue';
const tags = ['reference data'];
/** Reference data is built by designers (spec section 6: full users and consultants, and administrators). */
const designers = { roles: rolesOf('designers') };

/** Key-value lists (permissible lists): designers keep them; every signed-in user reads the values a form offers. */
export function keyValueRoutes(app: ApiApp) {
  app.get(
    `${L}/getList`,
    { config: designers, schema: { tags, querystring: ListQuery, response: { 200: ListsAnswer } } },
    async (req) => ok(await listLists(req.tdb, req.query)),
  );
  app.get(
    `${L}/detail`,
    { config: designers, schema: { tags, querystring: DetailQuery, response: { 200: ListAnswer } } },
    async (req) => ok(await listDetail(req.tdb, req.query.id)),
  );
  app.post(
    `${L}/save`,
    { config: designers, schema: { tags, body: SaveListBody, response: { 200: ListAnswer } } },
    async (req) => ok(await saveList(req.tdb, req.user, req.body), 'The list has been saved.'),
  );
  app.post(
    `${L}/delete`,
    { config: designers, schema: { tags, body: DeleteBody, response: { 200: DeletedAnswer } } },
    async (req) => ok(await deleteList(req.tdb, req.body.id), 'The list has been deleted.'),
  );
  app.get(
    `${L}/category/list`,
    { config: designers, schema: { tags, response: { 200: CategoriesAnswer } } },
    async (req) => ok(await listCategories(req.tdb)),
  );
  app.post(
    `${L}/category/add`,
    { config: designers, schema: { tags, body: AddCategoryBody, response: { 200: CategoryAnswer } } },
    async (req) => ok(await addCategory(req.tdb, req.body.name), 'The category has been added.'),
  );
  app.get(
    '/api/permissible-list/dataset',
    { schema: { tags, querystring: DatasetQuery, response: { 200: DatasetAnswer } } },
    async (req) => ok(await dataset(req.tdb, req.query)),
  );
}
