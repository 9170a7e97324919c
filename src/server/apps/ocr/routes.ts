import { ok, type ApiApp } from '../../http/api.js';
import { MlServicesAnswer, MlServicesQuery, ProvidersAnswer } from './schemas.js';
import { mlServicesFor, OCR_PROVIDERS } from './catalogue.js';

const tags = ['apps'];

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
}
