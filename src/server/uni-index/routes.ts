import { ok, type ApiApp } from '../http/api.js';
import { HelpArticleAnswer, HelpArticleQuery, HelpListAnswer, HelpListQuery, HelpSlugParams } from './schemas.js';
import { helpList, helpPage } from './service.js';

const tags = ['uni'];

/** The product help, for any signed-in user: the list (or a search) and one article in the user's language. */
export function uniIndexRoutes(app: ApiApp) {
  app.get(
    '/api/uni/help',
    { schema: { tags, querystring: HelpListQuery, response: { 200: HelpListAnswer } } },
    async (req) => ok(await helpList(req.tdb, req.user, req.query.lang ?? 'en', req.query.q)),
  );

  app.get(
    '/api/uni/help/:slug',
    { schema: { tags, params: HelpSlugParams, querystring: HelpArticleQuery, response: { 200: HelpArticleAnswer } } },
    async (req) => ok(helpPage(req.params.slug, req.query.lang ?? 'en')),
  );
}
