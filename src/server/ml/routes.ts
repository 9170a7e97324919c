import { ok, type ApiApp } from '../http/api.js';
import { rolesOf } from '../access/index.js';
import {
  ModuleParams,
  StatusAnswer,
  SuggestAnswer,
  SuggestBody,
  TargetChoiceAnswer,
  TargetsBody,
  TrainBody,
} from './schemas.js';
import { chooseTargets, targetChoice } from './target-choice.js';
import { modelStatus, retrainNow, suggest } from './service.js';

const tags = ['ml'];

/** Field suggestions on the record form, and the app's models for its designer. */
export function mlRoutes(app: ApiApp) {
  app.post(
    '/api/ml/suggest/:moduleId',
    { schema: { tags, params: ModuleParams, body: SuggestBody, response: { 200: SuggestAnswer } } },
    async (req) => ok(await suggest(req.tdb, req.user, req.tenant.settings, req.params.moduleId, req.body)),
  );

  app.get(
    '/api/ml/models/:moduleId',
    {
      config: { roles: rolesOf('designers') },
      schema: { tags, params: ModuleParams, response: { 200: StatusAnswer } },
    },
    async (req) => ok(await modelStatus(req.tdb, req.params.moduleId)),
  );

  app.post(
    '/api/ml/models/:moduleId/train',
    {
      config: { roles: rolesOf('designers') },
      schema: { tags, params: ModuleParams, body: TrainBody, response: { 200: StatusAnswer } },
    },
    async (req) => ok(await retrainNow(req.tdb, req.tenant.settings, req.params.moduleId)),
  );
  app.get(
    '/api/ml/targets/:moduleId',
    {
      config: { roles: rolesOf('designers') },
      schema: { tags, params: ModuleParams, response: { 200: TargetChoiceAnswer } },
    },
    async (req) => ok(await targetChoice(req.tdb, req.tenant.settings, req.params.moduleId)),
  );
  app.put(
    '/api/ml/targets/:moduleId',
    {
      config: { roles: rolesOf('designers') },
      schema: { tags, params: ModuleParams, body: TargetsBody, response: { 200: TargetChoiceAnswer } },
    },
    async (req) => ok(await chooseTargets(req.tdb, req.tenant.settings, req.params.moduleId, req.body.fields)),
  );
}
