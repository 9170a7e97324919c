import { ok, type ApiApp } from '../http/api.js';
import { rolesOf } from '../access/index.js';
import { RunLogAnswer, RunLogBody } from './schemas.js';
import { runLogPage } from './service.js';

const tags = ['run log'];

export function runLogRoutes(app: ApiApp) {
  app.post(
    '/api/runlog/datatables',
    { config: { roles: rolesOf('designers') }, schema: { tags, body: RunLogBody, response: { 200: RunLogAnswer } } },
    async (req) => ok(await runLogPage(req.tdb, req.user, req.body)),
  );
}
