import { PassThrough } from 'node:stream';
import { ok, type ApiApp } from '../http/api.js';
import { rolesOf } from '../access/index.js';
import { forbidden } from '../http/errors.js';
import { IdParams } from '../../../schemas/api/common.js';
import { genAiConfig, saveGenAiConfig } from './config.js';
import { assertKey, issueKey } from './key.js';
import { openThread, runPrompt } from './prompt.js';
import { stillAllowed } from './proposals.js';
import {
  ConfigAnswer,
  DeletedAnswer,
  DeleteQuery,
  GenAiConfigBody,
  KeyAnswer,
  PromptBody,
  PromptStream,
  ProposalAnswer,
  RenameBody,
  RenamedAnswer,
  ThreadAnswer,
  ThreadsAnswer,
  UsageAnswer,
  UsageQuery,
} from './schemas.js';
import { deleteThread, listThreads, ownProposal, renameThread, threadDetail } from './threads.js';
import { genAiUsage } from './usage.js';

const B = '/api/bot';
const tags = ['assistant'];
const admins = { roles: rolesOf('admins') };

/**
 * The assistant Uni: POST /api/bot/prompt (server-sent events), threads under /api/bot/threads, GET /api/bot/key
 * (the sealed key thread deletion needs), drafts for the designers, and for administrators the endpoint
 * (/api/bot/genai/config) and usage (/api/bot/genaiusage). Every signed-in user may talk to Uni about what they
 * may read.
 */
export function uniRoutes(app: ApiApp) {
  app.post(
    `${B}/prompt`,
    { schema: { tags, body: PromptBody, response: { 200: PromptStream } } },
    async (req, reply) => {
      const thread = await openThread(req.tdb, req.user, req.body);
      const stream = new PassThrough();
      const abort = new AbortController();
      // The client went away before the answer ended: stop asking the model.
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) abort.abort();
      });
      const send = (event: string, data: unknown) => {
        if (!stream.writableEnded) stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      void runPrompt(req.tdb, req.user, thread, req.body, send, {
        allowPrivate: req.tenant.allow_private_egress === 1,
        log: req.log,
        signal: abort.signal,
      })
        .catch((err: unknown) => {
          req.log.error({ err }, 'assistant prompt failed');
          send('error', { message: 'Uni could not answer this time. Please try again.' });
        })
        .finally(() => stream.end());
      return reply
        .type('text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );
  app.get(`${B}/threads`, { schema: { tags, response: { 200: ThreadsAnswer } } }, async (req) =>
    ok(await listThreads(req.tdb, req.user)),
  );
  app.get(`${B}/threads/:id`, { schema: { tags, params: IdParams, response: { 200: ThreadAnswer } } }, async (req) =>
    ok(await threadDetail(req.tdb, req.user, req.params.id)),
  );
  app.put(
    `${B}/threads/:id`,
    { schema: { tags, params: IdParams, body: RenameBody, response: { 200: RenamedAnswer } } },
    async (req) => ok(await renameThread(req.tdb, req.user, req.params.id, req.body.title), 'Conversation renamed.'),
  );
  app.delete(
    `${B}/threads/:id`,
    { schema: { tags, params: IdParams, querystring: DeleteQuery, response: { 200: DeletedAnswer } } },
    async (req) => {
      assertKey(req.user, req.query.key);
      return ok(await deleteThread(req.tdb, req.user, req.params.id), 'Conversation deleted.');
    },
  );
  app.get(`${B}/key`, { schema: { tags, response: { 200: KeyAnswer } } }, async (req) => ok(issueKey(req.user)));
  app.get(
    `${B}/proposal/:id`,
    { schema: { tags, params: IdParams, response: { 200: ProposalAnswer } } },
    async (req) => {
      const proposal = await ownProposal(req.tdb, req.user, req.params.id);
      if (!(await stillAllowed(req.tdb, req.user, proposal)))
        throw forbidden('You may no longer make this change to that app.');
      return ok({ id: req.params.id, proposal });
    },
  );
  app.get(`${B}/genai/config`, { config: admins, schema: { tags, response: { 200: ConfigAnswer } } }, async (req) =>
    ok(await genAiConfig(req.tdb)),
  );
  app.patch(
    `${B}/genai/config`,
    { config: admins, schema: { tags, body: GenAiConfigBody, response: { 200: ConfigAnswer } } },
    async (req) => ok(await saveGenAiConfig(req.tdb, req.user, req.body), 'Uni settings saved.'),
  );
  app.get(
    `${B}/genaiusage`,
    { config: admins, schema: { tags, querystring: UsageQuery, response: { 200: UsageAnswer } } },
    async (req) => ok(await genAiUsage(req.tdb, req.query.days)),
  );
}
