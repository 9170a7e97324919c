import type { Database } from '../db/database.js';
import { ok, type ApiApp } from '../http/api.js';
import { rolesOf } from '../access/index.js';
import {
  DashboardAnswer,
  DashboardInput,
  DashboardListAnswer,
  DashboardUpdate,
  DeletedAnswer,
  IdParams,
  ProcessStatusAnswer,
  StatusWidgetBody,
  TaskWidgetBody,
  TaskWorkloadAnswer,
} from './schemas.js';
import { createDashboard, deleteDashboard, listDashboards, loadDashboard, updateDashboard } from './service.js';
import { processStatusCounts, taskWorkload } from './widgets.js';
import { cachedReader, threadReader } from '../reports/cached-rows.js';
import { ResultCache } from '../db/result-cache.js';

const D = '/api/dashboards';
const tags = ['dashboards'];
/** Spec: dashboards, business intelligence and quick reports for full users and consultants (and administrators). */
const designers = { roles: rolesOf('designers') };

export function dashboardRoutes(app: ApiApp, db: Database) {
  // A dashboard's widgets are asked the same again and again: rows are reused until the database changes.
  const read = cachedReader(new ResultCache(), threadReader(db));
  app.get(D, { config: designers, schema: { tags, response: { 200: DashboardListAnswer } } }, async (req) =>
    ok(await listDashboards(req.tdb, req.user)),
  );
  app.post(
    D,
    { config: designers, schema: { tags, body: DashboardInput, response: { 200: DashboardAnswer } } },
    async (req) => ok(await createDashboard(req.tdb, req.user, req.body), 'The dashboard has been saved.'),
  );
  app.get(
    `${D}/:id`,
    { config: designers, schema: { tags, params: IdParams, response: { 200: DashboardAnswer } } },
    async (req) => ok(await loadDashboard(req.tdb, req.user, req.params.id)),
  );
  app.put(
    `${D}/:id`,
    {
      config: designers,
      schema: { tags, params: IdParams, body: DashboardUpdate, response: { 200: DashboardAnswer } },
    },
    async (req) =>
      ok(await updateDashboard(req.tdb, req.user, req.params.id, req.body), 'The dashboard has been saved.'),
  );
  app.delete(
    `${D}/:id`,
    { config: designers, schema: { tags, params: IdParams, response: { 200: DeletedAnswer } } },
    async (req) => ok(await deleteDashboard(req.tdb, req.user, req.params.id), 'The dashboard has been deleted.'),
  );
  // Widgets' figures, computed as the viewer whoever shared the dashboard.
  app.post(
    `${D}/widgets/tasks`,
    { config: designers, schema: { tags, body: TaskWidgetBody, response: { 200: TaskWorkloadAnswer } } },
    async (req) => ok(await taskWorkload(req.tdb, req.user, req.body, read)),
  );
  app.post(
    `${D}/widgets/process-status`,
    { config: designers, schema: { tags, body: StatusWidgetBody, response: { 200: ProcessStatusAnswer } } },
    async (req) => ok(await processStatusCounts(req.tdb, req.user, req.body, read)),
  );
}
