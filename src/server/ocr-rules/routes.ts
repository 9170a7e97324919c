import { ok, type ApiApp } from '../http/api.js';
import { rolesOf } from '../access/index.js';
import { ModuleParams, RulesAnswer, RulesBody } from './schemas.js';
import { getRules, putRules } from './service.js';

const tags = ['ocr'];
/** 200 rules are small; a larger body is refused before it is parsed. */
const bodyLimit = 256 * 1024;

/**
 * An app's OCR mapping rules: read by its users, written by designers. Corrections arrive through the OCR feature's
 * POST /api/ocr/hints/:moduleId, which calls addHints here.
 */
export function ocrRuleRoutes(app: ApiApp) {
  app.get(
    '/api/ocr/rules/:moduleId',
    { schema: { tags, params: ModuleParams, response: { 200: RulesAnswer } } },
    async (req) => ok(await getRules(req.tdb, req.user, req.params.moduleId)),
  );

  app.put(
    '/api/ocr/rules/:moduleId',
    {
      config: { roles: rolesOf('designers') },
      bodyLimit,
      schema: { tags, params: ModuleParams, body: RulesBody, response: { 200: RulesAnswer } },
    },
    async (req) => ok(await putRules(req.tdb, req.user, req.params.moduleId, req.body.rules), 'Saved'),
  );
}
