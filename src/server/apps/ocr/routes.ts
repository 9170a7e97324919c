import { ok, type ApiApp } from '../../http/api.js';
import { notFound } from '../../http/errors.js';
import {
  AiServiceAnswer,
  AiServiceQuery,
  AiServicesAnswer,
  MlServiceAnswer,
  MlServiceQuery,
  MlServicesAnswer,
  MlServicesQuery,
  ProvidersAnswer,
  type MlServiceView,
} from './schemas.js';
import { mlServicesFor, OCR_PROVIDERS } from './catalogue.js';

const tags = ['apps'];

const asAi = (s: MlServiceView) => ({ ai_service_name: s.name, ai_service_code: s.id, licensed: s.licensed });

/** OCR provider and machine-learning service lookups for the Create App dialog. */
export function ocrRoutes(app: ApiApp) {
  app.get('/api/ocrprovider/lookup', { schema: { tags, response: { 200: ProvidersAnswer } } }, async () =>
    ok(OCR_PROVIDERS),
  );

  app.get(
    '/api/ocr/machinelearninglookup',
    { schema: { tags, querystring: MlServicesQuery, response: { 200: MlServicesAnswer } } },
    async (req) => ok(mlServicesFor(req.tenant.settings, req.query.providerId)),
  );

  app.get(
    '/api/ocr/getmlservice',
    { schema: { tags, querystring: MlServiceQuery, response: { 200: MlServiceAnswer } } },
    async (req) => {
      const one = mlServicesFor(req.tenant.settings).find((s) => s.id === req.query.id);
      if (!one) throw notFound('Machine-learning service not found');
      return ok(one);
    },
  );

  app.get('/api/ocr/getaiservices', { schema: { tags, response: { 200: AiServicesAnswer } } }, async (req) =>
    ok(mlServicesFor(req.tenant.settings).map(asAi)),
  );

  app.get(
    '/api/ocr/getaiservice',
    { schema: { tags, querystring: AiServiceQuery, response: { 200: AiServiceAnswer } } },
    async (req) => {
      const one = mlServicesFor(req.tenant.settings).find((s) => s.id === req.query.code);
      if (!one) throw notFound('AI service not found');
      return ok(asAi(one));
    },
  );
}
