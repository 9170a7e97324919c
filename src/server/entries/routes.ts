import { ok, type ApiApp } from '../http/api.js';
import { ResultCache } from '../db/result-cache.js';
import { sendReusedAnswer } from '../http/reused-answer.js';
import { badRequest } from '../http/errors.js';
import {
  CommentAnswer,
  CommentPageAnswer,
  DeletedAnswer,
  DeleteManyBody,
  DeleteOneBody,
  DeleteOneQuery,
  ListAnswer,
  ListBody,
  LoadCommentQuery,
  ModuleIdParams,
  ModuleQuery,
  RecordIdParams,
  SendCommentBody,
  SummaryAnswer,
} from './schemas.js';
import { entrySummary, listEntries, type ListDeps } from './service.js';
import { deleteRecords } from './delete.js';
import { listComments, sendComment } from './comments.js';

const E = '/api/EntryModule';
const tags = ['records'];

/** Record lists, deletes, comments and the status summary of an app (spec section 7, entry module). */
export function entryRoutes(app: ApiApp, deps: ListDeps) {
  // The same page asked again (many staff on one app's list) is answered from memory until the database changes.
  const answers = new ResultCache<Buffer>(undefined, true);
  const listSchema = { tags, body: ListBody, querystring: ModuleQuery, response: { 200: ListAnswer } };
  for (const [path, draft] of [
    ['datatables', false],
    ['draftdatatables', true],
  ] as const)
    app.post(`${E}/${path}`, { schema: listSchema }, async (req, reply) =>
      sendReusedAnswer<ListAnswer>(answers, path, req, reply, async () => ({
        success: true,
        message: '',
        data: await listEntries(deps, req.tdb, req.user, req.body.moduleId ?? req.query.moduleId, draft, req.body),
      })),
    );

  app.post(
    `${E}/deletebyId`,
    { schema: { tags, body: DeleteOneBody, querystring: DeleteOneQuery, response: { 200: DeletedAnswer } } },
    async (req) => {
      const id = req.body.id ?? req.query.id;
      if (!id) throw badRequest('id is required.');
      return { success: true as const, ...(await deleteRecords(req.tdb, req.user, [id])) };
    },
  );
  app.post(
    `${E}/deletebyIds`,
    { schema: { tags, body: DeleteManyBody, response: { 200: DeletedAnswer } } },
    async (req) => {
      const ids = Array.isArray(req.body) ? req.body : req.body.ids;
      return { success: true as const, ...(await deleteRecords(req.tdb, req.user, ids)) };
    },
  );

  app.post(
    `${E}/sendComment`,
    { schema: { tags, body: SendCommentBody, response: { 200: CommentAnswer } } },
    async (req) => ok(await sendComment(req.tdb, req.user, req.body), 'Comment sent'),
  );
  app.get(
    `${E}/:recordId/comments`,
    { schema: { tags, params: RecordIdParams, response: { 200: CommentPageAnswer } } },
    async (req) => ok(await listComments(req.tdb, req.user, req.params.recordId, 1, 200)),
  );
  app.get(
    `${E}/loadcomment`,
    { schema: { tags, querystring: LoadCommentQuery, response: { 200: CommentPageAnswer } } },
    async (req) =>
      ok(await listComments(req.tdb, req.user, req.query.recordId, req.query.page ?? 1, req.query.length ?? 10)),
  );

  app.get(
    `${E}/summary/:moduleId`,
    { schema: { tags, params: ModuleIdParams, response: { 200: SummaryAnswer } } },
    async (req) => ok(await entrySummary(req.tdb, req.user, req.params.moduleId)),
  );
}
