import type { FastifyRequest } from 'fastify';
import { ok, type ApiApp } from '../http/api.js';
import type { AppContext } from '../context.js';
import { rolesOf } from '../access/index.js';
import type { TransitionInput, TransitionName } from './transitions.js';
import { workflowHistory } from './history.js';
import {
  ActionAnswer,
  ApproveAnswer,
  ApproveBody,
  ApproveQuery,
  GoBackBody,
  GoBackQuery,
  HistoryAnswer,
  HistoryParams,
  HistoryQuery,
  ReassignAnswer,
  ReassignBody,
  ReassignTasksAnswer,
  ReassignTasksBody,
  RecordActionBody,
  ReminderAnswer,
  ReminderBody,
  RestartAnswer,
  SubmitBody,
} from './schemas.js';

const E = '/api/EntryModule';
const tags = ['workflow'];
const admins = { roles: rolesOf('admins') };
/** The API version the restart call answers with (spec section 9). */
export const RESTART_API_VERSION = '2.2.0';

/** Workflow actions on records: each is one transaction with optimistic locking; the loser of a race gets 409. */
export function engineRoutes(app: ApiApp, ctx: AppContext) {
  // Query and body together: the spec passes some parameters in the query (goback, approve), some in the body.
  const act = <N extends TransitionName>(req: FastifyRequest, name: N) =>
    ctx.transitions.run(name, req.tenant.id, req.user, {
      ...(req.query as object),
      ...(req.body as object),
    } as TransitionInput<N>);

  app.post(`${E}/submit`, { schema: { tags, body: SubmitBody, response: { 200: ActionAnswer } } }, async (req) =>
    ok(await act(req, 'submit'), 'The record has been submitted.'),
  );

  app.post(
    `${E}/approve`,
    { schema: { tags, body: ApproveBody, querystring: ApproveQuery, response: { 200: ApproveAnswer } } },
    async (req) => {
      const data = await act(req, 'approve');
      const rejected = data.outcome === 'Rejected';
      return { success: true as const, message: `The task has been ${rejected ? 'rejected' : 'approved'}.`, data };
    },
  );

  app.post(
    `${E}/reassignment`,
    { schema: { tags, body: ReassignBody, response: { 200: ReassignAnswer } } },
    async (req) => ok(await act(req, 'reassignment'), 'The task has been reassigned.'),
  );
  app.post(
    `${E}/reassignmentByAdmin`,
    { config: admins, schema: { tags, body: ReassignBody, response: { 200: ReassignAnswer } } },
    async (req) => ok(await act(req, 'reassignmentByAdmin'), 'The task has been reassigned.'),
  );
  app.post(
    `${E}/reassigntasks`,
    { config: admins, schema: { tags, body: ReassignTasksBody, response: { 200: ReassignTasksAnswer } } },
    async (req) => ok(await act(req, 'reassigntasks'), 'The tasks have been reassigned.'),
  );

  app.post(
    `${E}/goback`,
    { schema: { tags, body: GoBackBody, querystring: GoBackQuery, response: { 200: ActionAnswer } } },
    async (req) => ok(await act(req, 'goback'), 'The record has been sent back.'),
  );
  app.post(
    `${E}/withdraw`,
    { schema: { tags, body: RecordActionBody, response: { 200: ActionAnswer } } },
    async (req) => ok(await act(req, 'withdraw'), 'The record has been withdrawn.'),
  );
  app.post(`${E}/reminder`, { schema: { tags, body: ReminderBody, response: { 200: ReminderAnswer } } }, async (req) =>
    ok(await act(req, 'reminder'), 'The reminder has been sent.'),
  );

  app.post(
    `${E}/workflow/restart`,
    { schema: { tags, body: RecordActionBody, response: { 200: RestartAnswer } } },
    async (req, reply) => {
      const data = await act(req, 'restart');
      reply.header('api-version', RESTART_API_VERSION);
      return {
        success: true as const,
        message: 'The process has been restarted.',
        apiVersion: RESTART_API_VERSION,
        data: { ...data, apiVersion: RESTART_API_VERSION },
      };
    },
  );

  app.post(
    `${E}/workflow/retrystep`,
    { schema: { tags, body: RecordActionBody, response: { 200: ActionAnswer } } },
    async (req) => ok(await act(req, 'retrystep'), 'The step will be tried again now.'),
  );

  app.get(
    `${E}/:moduleId/workflowhistory`,
    { schema: { tags, params: HistoryParams, querystring: HistoryQuery, response: { 200: HistoryAnswer } } },
    async (req) => ok(await workflowHistory(req.tdb, req.user, req.params.moduleId, req.query.recordId)),
  );
}
