import { ok, type ApiApp } from '../http/api.js';
import { rolesOf } from '../access/index.js';
import { AnalyticsBody, ProcessAnalyticsAnswer } from './schemas.js';
import { processAnalytics } from './service.js';

const tags = ['analytics'];
/** Spec: dashboards and business intelligence for full users and consultants (and administrators). */
const designers = { roles: rolesOf('designers') };

export function analyticsRoutes(app: ApiApp) {
  app.post(
    '/api/analytics/process',
    { config: designers, schema: { tags, body: AnalyticsBody, response: { 200: ProcessAnalyticsAnswer } } },
    async (req) => ok(await processAnalytics(req.tdb, req.user, req.body)),
  );
}
