import { ok, type ApiApp } from '../../http/api.js';
import { assertModuleAccess, rolesOf } from '../../access/index.js';
import { badRequest } from '../../http/errors.js';
import { DatatablePayload, NoBody } from '../../../../schemas/api/common.js';
import { EDITOR as E, type AppsChanged } from '../paths.js';
import { RESERVED_FIELD_NAMES, RESERVED_MODULE_NAMES } from './rules.js';
import {
  AppIdAnswer,
  AppListAnswer,
  AppPageAnswer,
  CopyAppBody,
  CreateAppBody,
  DeleteAppBody,
  DeleteAppQuery,
  DesignedAppAnswer,
  IdQuery,
  ListFormsQuery,
  MostUsedAnswer,
  NamesAnswer,
  OptionalIdQuery,
  PublishedAnswer,
  SavedDraftAnswer,
  SaveFormBody,
  UpdateAppBody,
} from './schemas.js';
import { copyApp, createApp, deleteApp, publishApp, readApp, saveDraft, updateApp } from './service.js';
import { appPage, listApplications, listForms, listMostUsed } from './lists.js';

const tags = ['apps'];
const designers = { roles: rolesOf('designers') };

/** The id of the app a call names in its body or, as the spec has it, its query string. */
function appIdOf(fromBody: string | undefined, fromQuery: string | undefined, name: string): string {
  const id = fromBody ?? fromQuery;
  if (!id) throw badRequest(`${name} is required.`);
  return id;
}

/** Apps (modules): the lists everyone sees, and the design calls of designers. */
export function lifecycleRoutes(app: ApiApp, appsChanged: AppsChanged) {
  app.get(`${E}/ReservedModuleNames`, { schema: { tags, response: { 200: NamesAnswer } } }, async () =>
    ok(RESERVED_MODULE_NAMES),
  );

  app.get(`${E}/ReservedFieldNames`, { schema: { tags, response: { 200: NamesAnswer } } }, async () =>
    ok(RESERVED_FIELD_NAMES),
  );

  app.get(`${E}/ListApplications`, { schema: { tags, response: { 200: AppListAnswer } } }, async (req) =>
    ok(await listApplications(req.tdb, req.user)),
  );

  app.get(
    `${E}/ListForms`,
    { schema: { tags, querystring: ListFormsQuery, response: { 200: AppListAnswer } } },
    async (req) => ok(await listForms(req.tdb, req.user, req.query.searchTerm)),
  );

  app.get(`${E}/ListMostUsed`, { schema: { tags, response: { 200: MostUsedAnswer } } }, async (req) =>
    ok(await listMostUsed(req.tdb, req.user)),
  );

  // The spec writes these two in lower case; paths match without regard to case.
  app.post(
    '/api/form/editor/applications/datatables',
    { schema: { tags, body: DatatablePayload, response: { 200: AppPageAnswer } } },
    async (req) => ok(await appPage(req.tdb, req.user, req.body, false)),
  );
  app.post(
    '/api/form/editor/modules/datatables',
    { schema: { tags, body: DatatablePayload, response: { 200: AppPageAnswer } } },
    async (req) => ok(await appPage(req.tdb, req.user, req.body, true)),
  );

  app.post(
    `${E}/CreateProcessFromScratch`,
    { config: designers, schema: { tags, body: CreateAppBody, response: { 200: AppIdAnswer } } },
    async (req) => ok(await createApp(req.tdb, req.user, req.tenant.settings, req.body), 'The app has been created.'),
  );

  app.get(
    `${E}/GetForm`,
    { config: designers, schema: { tags, querystring: IdQuery, response: { 200: DesignedAppAnswer } } },
    async (req) => ok(await readApp(req.tdb, req.query.id)),
  );

  app.post(
    `${E}/SaveForm`,
    {
      config: designers,
      schema: { tags, querystring: IdQuery, body: SaveFormBody, response: { 200: SavedDraftAnswer } },
    },
    async (req) => {
      await assertModuleAccess(req.tdb, req.user, req.query.id, 'design');
      return ok(await saveDraft(req.tdb, req.user, req.query.id, req.body), 'The draft has been saved.');
    },
  );

  app.post(
    `${E}/publish`,
    { config: designers, schema: { tags, querystring: IdQuery, body: NoBody, response: { 200: PublishedAnswer } } },
    async (req) => {
      await assertModuleAccess(req.tdb, req.user, req.query.id, 'design');
      const published = await publishApp(req.tdb, req.user, req.query.id);
      appsChanged(req.tdb.tenantId);
      return ok(published, 'The app has been published.');
    },
  );

  app.post(
    `${E}/CopyFrom`,
    {
      config: designers,
      schema: { tags, querystring: OptionalIdQuery, body: CopyAppBody, response: { 200: AppIdAnswer } },
    },
    async (req) =>
      ok(
        await copyApp(req.tdb, req.user, appIdOf(req.body.id, req.query.id, 'id'), req.body),
        'The app has been copied.',
      ),
  );

  app.post(
    `${E}/UpdateModule`,
    {
      config: designers,
      schema: { tags, querystring: OptionalIdQuery, body: UpdateAppBody, response: { 200: AppIdAnswer } },
    },
    async (req) => {
      const id = appIdOf(req.body.id, req.query.id, 'id');
      await assertModuleAccess(req.tdb, req.user, id, 'design');
      const updated = await updateApp(req.tdb, req.user, req.tenant.settings, id, req.body);
      appsChanged(req.tdb.tenantId);
      return ok(updated, 'The app has been updated.');
    },
  );

  app.post(
    `${E}/DeleteForm`,
    {
      config: designers,
      schema: { tags, querystring: DeleteAppQuery, body: DeleteAppBody, response: { 200: AppIdAnswer } },
    },
    async (req) => {
      const id = appIdOf(req.query.moduleId, req.body.moduleId, 'moduleId');
      await assertModuleAccess(req.tdb, req.user, id, 'design');
      const deleted = await deleteApp(req.tdb, req.user, id);
      appsChanged(req.tdb.tenantId);
      return ok(deleted, 'The app has been deleted.');
    },
  );
}
