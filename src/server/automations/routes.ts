import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { ok, type ApiApp } from '../http/api.js';
import { rolesOf } from '../access/index.js';
import type { DB } from '../db/schema.js';
import { runAutomation } from './run.js';
import { cancelRun } from './waits.js';
import {
  AutomationAnswer,
  AutomationPageAnswer,
  DashboardAnswer,
  DashboardQuery,
  DeletedAnswer,
  ExecuteBody,
  ExecutedBody,
  IdParams,
  ListBody,
  NoBody,
  RunIdParams,
  RunAnswer,
  RunPageAnswer,
  SaveAutomationBody,
  TestBody,
  UpdateAutomationBody,
  type Step,
} from './schemas.js';
import {
  automationRow,
  checkedSteps,
  createAutomation,
  dashboard,
  deleteAutomation,
  executedRuns,
  listAutomations,
  updateAutomation,
  view,
} from './service.js';

const R = '/api/rpa';
const tags = ['automation'];
/** Spec: automation for system administrators, administrators and consultants. */
const managers = { roles: rolesOf('managers') };
const admins = { roles: rolesOf('admins') };

export function automationRoutes(app: ApiApp, system: Kysely<DB>, node: string) {
  app.post(
    `${R}/save`,
    { config: managers, schema: { tags, body: SaveAutomationBody, response: { 200: AutomationAnswer } } },
    async (req) => ok(await createAutomation(req.tdb, system, req.user, req.body), 'The automation has been saved.'),
  );
  app.post(
    `${R}/update`,
    { config: managers, schema: { tags, body: UpdateAutomationBody, response: { 200: AutomationAnswer } } },
    async (req) => ok(await updateAutomation(req.tdb, system, req.user, req.body), 'The automation has been saved.'),
  );
  app.get(
    `${R}/detail/:id`,
    { config: managers, schema: { tags, params: IdParams, response: { 200: AutomationAnswer } } },
    async (req) => ok(view(await automationRow(req.tdb, req.params.id))),
  );
  app.delete(
    `${R}/delete/:id`,
    { config: managers, schema: { tags, params: IdParams, response: { 200: DeletedAnswer } } },
    async (req) => ok(await deleteAutomation(req.tdb, system, req.params.id), 'The automation has been deleted.'),
  );
  app.post(
    `${R}/datatables`,
    { config: managers, schema: { tags, body: ListBody, response: { 200: AutomationPageAnswer } } },
    async (req) => ok(await listAutomations(req.tdb, req.body)),
  );
  app.post(
    `${R}/executed`,
    { config: managers, schema: { tags, body: ExecutedBody, response: { 200: RunPageAnswer } } },
    async (req) => ok(await executedRuns(req.tdb, req.body)),
  );
  app.get(
    `${R}/dashboard`,
    { config: managers, schema: { tags, querystring: DashboardQuery, response: { 200: DashboardAnswer } } },
    async (req) => ok(await dashboard(req.tdb, req.query)),
  );
  // A dry run: what each step would do, nothing written and no other system called.
  app.post(
    `${R}/execute/test`,
    { config: managers, schema: { tags, body: TestBody, response: { 200: RunAnswer } } },
    async (req) => {
      const saved = req.body.id ? await automationRow(req.tdb, req.body.id) : null;
      const steps = await checkedSteps(
        req.tdb,
        req.user,
        req.body.steps ?? (saved ? (JSON.parse(saved.steps) as Step[]) : []),
      );
      // Tried with the rights of the person testing: a draft has no owner yet, and a test never acts for another.
      const run = await runAutomation(
        req.tdb,
        { id: saved?.id ?? '', name: saved?.name ?? '', owner_id: req.user.id },
        steps,
        {
          trigger: 'test',
          slot: 'test',
          node,
          allowPrivate: req.tenant.allow_private_egress === 1,
          log: req.log,
          system,
          dryRun: true,
        },
      );
      return ok(run!);
    },
  );
  // Stops a run under way (between the batches of a bulk update) or waiting; what it did stays done.
  app.post(
    `${R}/cancel/:runId`,
    { config: admins, schema: { tags, params: RunIdParams, body: NoBody, response: { 200: RunAnswer } } },
    async (req) => ok(await cancelRun(req.tdb, system, req.user, req.params.runId), 'The run has been cancelled.'),
  );
  // Run now, whatever the trigger: the run is logged like a scheduled one.
  app.post(
    `${R}/execute`,
    { config: managers, schema: { tags, body: ExecuteBody, response: { 200: RunAnswer } } },
    async (req) => {
      const a = await automationRow(req.tdb, req.body.id);
      const run = await runAutomation(req.tdb, a, JSON.parse(a.steps) as Step[], {
        trigger: 'manual',
        slot: `manual:${crypto.randomUUID()}`,
        node,
        allowPrivate: req.tenant.allow_private_egress === 1,
        log: req.log,
        system,
      });
      const said: Partial<Record<string, string>> = {
        Failed: `The run failed: ${run!.error}`,
        Waiting: 'The run is waiting: it goes on at its time.',
        Cancelled: 'The run has been cancelled.',
      };
      return ok(run!, said[run!.status] ?? 'The automation has run.');
    },
  );
}
