import { ok, type ApiApp } from '../http/api.js';
import {
  DetailAnswer,
  DetailQuery,
  FormAnswer,
  ModuleIdParams,
  RecordIdParams,
  SaveAnswer,
  SaveBody,
} from './schemas.js';
import { formFor, saveDraft } from './service.js';
import { recordDetail } from './detail.js';

const E = '/api/EntryModule';
const tags = ['records'];

/** Records of an app: save a draft (create or update), read one, and the form for a new one, under step permissions. */
export function recordRoutes(app: ApiApp) {
  app.post(`${E}/save`, { schema: { tags, body: SaveBody, response: { 200: SaveAnswer } } }, async (req) =>
    ok(await saveDraft(req.tdb, req.user, req.body), 'Saved'),
  );

  app.get(
    `${E}/:recordId/detail`,
    { schema: { tags, params: RecordIdParams, querystring: DetailQuery, response: { 200: DetailAnswer } } },
    async (req) => ok(await recordDetail(req.tdb, req.user, req.params.recordId, req.query.taskId)),
  );

  app.get(
    `${E}/form/:moduleId`,
    { schema: { tags, params: ModuleIdParams, response: { 200: FormAnswer } } },
    async (req) => ok(await formFor(req.tdb, req.user, req.params.moduleId)),
  );
}
