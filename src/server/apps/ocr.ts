import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { ML_SERVICES, OCR_PROVIDERS, tenantLicences } from './ocr-catalogue.js';
import { queryParam } from './module-row.js';

/** OCR provider and machine-learning service lookups for the Create App dialog. */
export async function ocrRoutes(app: FastifyInstance, _ctx: AppContext) {
  app.get('/api/ocrprovider/lookup', async () => ({ success: true, message: '', data: OCR_PROVIDERS }));

  app.get('/api/ocr/machinelearninglookup', async (req) => {
    const providerId = queryParam(req.query, 'providerId');
    const licences = tenantLicences(req.tenant.settings);
    const data = ML_SERVICES.filter((s) => !providerId || s.providerId === providerId).map((s) => ({
      id: s.id,
      providerId: s.providerId,
      name: s.name,
      licensed: !s.licence || licences.includes(s.licence),
    }));
    return { success: true, message: '', data };
  });
}
