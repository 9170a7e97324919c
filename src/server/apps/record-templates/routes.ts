import { ok, type ApiApp } from '../../http/api.js';
import { NoBody } from '../../../../schemas/api/common.js';
import { EDITOR as E } from '../paths.js';
import {
  DeletedAnswer,
  ModuleParams,
  OrderAnswer,
  OrderQuery,
  RenameBody,
  RenameQuery,
  SaveQuery,
  TemplateAnswer,
  TemplateDataAnswer,
  TemplateListAnswer,
  TemplateParams,
  TemplateValues,
} from './schemas.js';
import { deleteTemplate, listTemplates, moveTemplate, readTemplate, renameTemplate, saveTemplate } from './service.js';

const tags = ['apps'];

/** Record templates (spec section 7); the service checks the app's create permission on every call. */
export function recordTemplateRoutes(app: ApiApp) {
  app.post(
    `${E}/recordtemplate`,
    { schema: { tags, querystring: SaveQuery, body: TemplateValues, response: { 200: TemplateAnswer } } },
    async (req) => ok(await saveTemplate(req.tdb, req.user, req.query, req.body), 'The template has been saved.'),
  );

  app.get(
    `${E}/recordtemplate/:moduleId`,
    { schema: { tags, params: ModuleParams, response: { 200: TemplateListAnswer } } },
    async (req) => ok(await listTemplates(req.tdb, req.user, req.params.moduleId)),
  );

  app.get(
    `${E}/recordtemplate/:moduleId/:templateId`,
    { schema: { tags, params: TemplateParams, response: { 200: TemplateDataAnswer } } },
    async (req) => ok(await readTemplate(req.tdb, req.user, req.params.moduleId, req.params.templateId)),
  );

  app.delete(
    `${E}/recordtemplate/:moduleId/:templateId`,
    { schema: { tags, params: TemplateParams, response: { 200: DeletedAnswer } } },
    async (req) =>
      ok(
        await deleteTemplate(req.tdb, req.user, req.params.moduleId, req.params.templateId),
        'The template has been deleted.',
      ),
  );

  app.post(
    `${E}/recordtemplate/rename`,
    { schema: { tags, querystring: RenameQuery, body: RenameBody, response: { 200: TemplateAnswer } } },
    async (req) =>
      ok(
        await renameTemplate(req.tdb, req.user, req.query.templateId, req.query.name || req.body.name),
        'The template has been renamed.',
      ),
  );

  app.post(
    `${E}/recordtemplate/orderindex`,
    { schema: { tags, querystring: OrderQuery, body: NoBody, response: { 200: OrderAnswer } } },
    async (req) =>
      ok(
        await moveTemplate(req.tdb, req.user, req.query.templateId, req.query.index),
        'The template order has been saved.',
      ),
  );
}
