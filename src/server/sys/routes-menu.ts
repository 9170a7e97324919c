import { ok, type ApiApp } from '../http/api.js';
import { rolesOf } from '../access/index.js';
import {
  FavouriteBody,
  FavouriteQuery,
  FavouritesAnswer,
  GroupOrderBody,
  MenuAnswer,
  Ok,
  TreeAnswer,
} from './schemas.js';
import { sidebarFor } from '../menu-settings/service.js';
import { licensedBots } from '../bots/licences.js';
import { moduleTree, orderGroups } from './menu.js';
import { favourite, listFavourites, unfavourite } from './favourites.js';

const MENU = '/api/sys/permissions/menu';

/** The shell's menu (filtered by role), the module tree and its group order, and the user's favourite apps. */
export function menuRoutes(app: ApiApp) {
  const tags = ['menu'];
  app.get(
    `${MENU}/sidebar`,
    { schema: { tags, summary: 'The menu entries the caller may see', response: { 200: MenuAnswer } } },
    // The tenant's menu settings first (order, labels, hiding per role kind), then the role filter: settings only remove.
    async (req) => ok(await sidebarFor(req.tdb, req.user, await licensedBots(req.tdb))),
  );

  app.get(
    `${MENU}/sidebar/tree`,
    { schema: { tags, summary: 'Published modules grouped by category', response: { 200: TreeAnswer } } },
    async (req) => ok(await moduleTree(req.tdb)),
  );

  app.put(
    `${MENU}/sidebar/order`,
    { config: { roles: rolesOf('managers') }, schema: { tags, body: GroupOrderBody, response: { 200: Ok } } },
    async (req) => {
      await orderGroups(req.tdb, req.body.order);
      return { success: true as const, message: 'App group order saved' };
    },
  );

  const favourites = { tags: ['favourites'], body: FavouriteBody, querystring: FavouriteQuery, response: { 200: Ok } };
  app.get(
    '/api/sys/Favourite/list',
    { schema: { tags: favourites.tags, response: { 200: FavouritesAnswer } } },
    async (req) => ok(await listFavourites(req.tdb, req.user)),
  );

  app.post('/api/sys/favourite/add', { schema: favourites }, async (req) => {
    await favourite(req.tdb, req.user, req.body.moduleId ?? req.query.moduleId);
    return { success: true as const, message: 'Added to favourites.' };
  });

  app.post('/api/sys/favourite/remove', { schema: favourites }, async (req) => {
    await unfavourite(req.tdb, req.user, req.body.moduleId ?? req.query.moduleId);
    return { success: true as const, message: 'Removed from favourites.' };
  });
}
