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

/** Tells a user's open pages that one of their own records changed (a draft saved in another tab). */
export type OwnRecordsChanged = (
  tenantId: string,
  userId: string,
  change: { module_id: string; record_id: string },
) => void;
const tags = ['records'];

/** Records of an app: save a draft (create or update), read one, and the form for a new one, under step permissions. */
export function recordRoutes(app: ApiApp, changed: OwnRecordsChanged) {
  app.post(`${E}/save`, { schema: { tags, body: SaveBody, response: { 200: SaveAnswer } } }, async (req) => {
    const saved = await saveDraft(req.tdb, req.user, req.body);
    changed(req.tdb.tenantId, req.user.id, { module_id: req.body.moduleId, record_id: saved.id });
    return ok(saved, 'Saved');
  });

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
