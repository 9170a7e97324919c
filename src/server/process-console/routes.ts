import { ok, type ApiApp } from '../http/api.js';
import { NoBody } from '../../../schemas/api/common.js';
import { rolesOf } from '../access/index.js';
import type { AppContext } from '../context.js';
import type { AdminActionInput } from '../engine/admin-actions.js';
import {
  ActionAnswer,
  ActionBody,
  ActionParams,
  DashboardAnswer,
  DashboardQuery,
  ElsaCreateAnswer,
  ElsaCreateBody,
  ElsaExportAnswer,
  ElsaExportQuery,
  ElsaParams,
  InstanceDetailAnswer,
  InstanceListBody,
  InstancePageAnswer,
  JobAnswer,
  JobBody,
  JobControlParams,
  JobParams,
  JobsAnswer,
  MigrationPreviewAnswer,
  PreviewQuery,
  RecordParams,
} from './schemas.js';
import { instanceDetail, listInstances, migrationPreview } from './service.js';
import { controlJob, createJob, getJob, listJobs } from './jobs.js';
import { processDashboard } from './dashboard.js';
import { exportElsa, importElsa } from './elsa.js';

const P = '/api/process-console';
const tags = ['process console'];
/** Spec section 2: the process engine pages are for system administrators only. */
const config = { roles: rolesOf('sysAdmins') };

const TRANSITION = {
  retry: 'consoleRetry',
  cancel: 'consoleCancel',
  move: 'consoleMove',
  reassign: 'consoleReassign',
  migrate: 'consoleMigrate',
} as const;
const DONE = {
  retry: 'The step is running again.',
  cancel: 'The process has been cancelled.',
  move: 'The process has been moved.',
  reassign: 'The open tasks have been reassigned.',
  migrate: 'The process has been migrated.',
} as const;

export function processConsoleRoutes(app: ApiApp, ctx: AppContext, kick: () => void) {
  app.post(
    `${P}/instances`,
    { config, schema: { tags, body: InstanceListBody, response: { 200: InstancePageAnswer } } },
    async (req) => ok(await listInstances(req.tdb, req.user, req.body)),
  );
  app.get(
    `${P}/instances/:recordId`,
    { config, schema: { tags, params: RecordParams, response: { 200: InstanceDetailAnswer } } },
    async (req) => ok(await instanceDetail(req.tdb, req.user, req.params.recordId)),
  );
  // Each action is an engine transition (engine/admin-actions.ts), run where the engine runs them.
  app.post(
    `${P}/instances/:recordId/:action`,
    { config, schema: { tags, params: ActionParams, body: ActionBody, response: { 200: ActionAnswer } } },
    async (req) => {
      const { recordId, action } = req.params;
      const input: AdminActionInput = { ...req.body, recordId };
      const data = await ctx.transitions.run(TRANSITION[action], req.tenant.id, req.user, input);
      return ok(data, DONE[action]);
    },
  );
  app.get(
    `${P}/migration-preview`,
    { config, schema: { tags, querystring: PreviewQuery, response: { 200: MigrationPreviewAnswer } } },
    async (req) => ok(await migrationPreview(req.tdb, req.user, req.query.moduleId)),
  );

  app.get(`${P}/jobs`, { config, schema: { tags, response: { 200: JobsAnswer } } }, async (req) =>
    ok(await listJobs(req.tdb)),
  );
  app.post(`${P}/jobs`, { config, schema: { tags, body: JobBody, response: { 200: JobAnswer } } }, async (req) => {
    const job = await createJob(req.tdb, req.user, req.body);
    kick();
    return ok(job, 'The job has started.');
  });
  app.get(`${P}/jobs/:id`, { config, schema: { tags, params: JobParams, response: { 200: JobAnswer } } }, async (req) =>
    ok(await getJob(req.tdb, req.params.id)),
  );
  app.post(
    `${P}/jobs/:id/:op`,
    { config, schema: { tags, params: JobControlParams, body: NoBody, response: { 200: JobAnswer } } },
    async (req) => {
      const job = await controlJob(req.tdb, req.params.id, req.params.op);
      if (req.params.op === 'resume') kick();
      return ok(job);
    },
  );

  app.get(
    `${P}/dashboard`,
    { config, schema: { tags, querystring: DashboardQuery, response: { 200: DashboardAnswer } } },
    async (req) => ok(await processDashboard(req.tdb, req.user, req.query.days ?? 30)),
  );

  app.post(
    '/api/Elsa/workflow-definitions',
    { config, schema: { tags, body: ElsaCreateBody, response: { 200: ElsaCreateAnswer } } },
    async (req) =>
      ok(
        await importElsa(req.tdb, req.user, req.body.moduleId, req.body.definition),
        'The workflow draft has been created from the Elsa definition.',
      ),
  );
  app.get(
    '/api/Elsa/workflow-definitions/:moduleId',
    { config, schema: { tags, params: ElsaParams, querystring: ElsaExportQuery, response: { 200: ElsaExportAnswer } } },
    async (req) => ok(await exportElsa(req.tdb, req.params.moduleId, req.query.source)),
  );
}
