import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { Role } from '../identity/user-info.js';
import { badRequest, notFound } from '../http/errors.js';
import { loadRecordFor } from '../records/store.js';
import type { TransitionName } from './transitions.js';

const E = '/api/EntryModule';
const ADMINS: Role[] = ['administrator', 'sysAdmin'];
/** The API version the restart call answers with (spec section 9). */
export const RESTART_API_VERSION = '2.2.0';

/** Query and body together: the spec passes some parameters in the query (goback, approve) and some in the body. */
const params = (req: FastifyRequest): Record<string, unknown> => {
  const body =
    req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
  return { ...(req.query as Record<string, unknown>), ...body };
};

/** Workflow actions on records: each is one transaction with optimistic locking; the loser of a race gets 409. */
export async function engineRoutes(app: FastifyInstance, ctx: AppContext) {
  const act = <N extends TransitionName>(req: FastifyRequest, name: N) =>
    ctx.transitions.run(name, req.tenant.id, req.user, params(req));

  app.post(`${E}/submit`, async (req) => ({
    success: true,
    message: 'The record has been submitted.',
    data: await act(req, 'submit'),
  }));

  app.post(`${E}/approve`, async (req) => {
    const data = await act(req, 'approve');
    return {
      success: true,
      message: data.outcome === 'Rejected' ? 'The task has been rejected.' : 'The task has been approved.',
      data,
    };
  });

  app.post(`${E}/reassignment`, async (req) => ({
    success: true,
    message: 'The task has been reassigned.',
    data: await act(req, 'reassignment'),
  }));
  app.post(`${E}/reassignmentByAdmin`, { config: { roles: ADMINS } }, async (req) => ({
    success: true,
    message: 'The task has been reassigned.',
    data: await act(req, 'reassignmentByAdmin'),
  }));
  app.post(`${E}/reassigntasks`, { config: { roles: ADMINS } }, async (req) => ({
    success: true,
    message: 'The tasks have been reassigned.',
    data: await act(req, 'reassigntasks'),
  }));

  app.post(`${E}/goback`, async (req) => ({
    success: true,
    message: 'The record has been sent back.',
    data: await act(req, 'goback'),
  }));
  app.post(`${E}/withdraw`, async (req) => ({
    success: true,
    message: 'The record has been withdrawn.',
    data: await act(req, 'withdraw'),
  }));
  app.post(`${E}/reminder`, async (req) => ({
    success: true,
    message: 'The reminder has been sent.',
    data: await act(req, 'reminder'),
  }));

  app.post(`${E}/workflow/restart`, async (req, reply) => {
    const data = await act(req, 'restart');
    reply.header('api-version', RESTART_API_VERSION);
    return {
      success: true,
      message: 'The process has been restarted.',
      apiVersion: RESTART_API_VERSION,
      data: { ...data, apiVersion: RESTART_API_VERSION },
    };
  });

  /** The activity history of a record (recordId in the query), oldest first, in the spec's shape. */
  app.get(`${E}/:moduleId/workflowhistory`, async (req) => {
    const { moduleId } = req.params as { moduleId: string };
    const { recordId } = req.query as { recordId?: string };
    if (!recordId) throw badRequest('recordId is required.');
    const r = await loadRecordFor(req.tdb, req.user, recordId);
    if (r.module_id !== moduleId) throw notFound('Record not found');
    const rows = await req.tdb
      .selectFrom('activity_history')
      .selectAll()
      .where('record_id', '=', r.id)
      .orderBy('created_on')
      .orderBy('id')
      .execute();
    return {
      success: true,
      message: '',
      data: rows.map((h) => {
        const d = JSON.parse(h.data) as {
          activity_title?: string | null;
          Assignee?: unknown;
          ApprovalHistory?: unknown;
          Outcomes?: string[];
        };
        return {
          id: h.id,
          instance_id: h.instance_id,
          activity_id: h.activity_id,
          activity_title: d.activity_title ?? null,
          task_id: h.task_id,
          ActionType: h.action_type,
          Results: {
            author_name: h.author_name,
            message: h.message,
            accepted: h.accepted == null ? null : !!h.accepted,
            created_on: h.created_on,
          },
          Assignee: d.Assignee ?? null,
          ApprovalHistory: d.ApprovalHistory ?? null,
          Outcomes: d.Outcomes ?? [],
        };
      }),
    };
  });
}
