import type { FastifyReply, FastifyRequest } from 'fastify';
import { ResultCache } from '../db/result-cache.js';
import { answerBody } from './raw-json.js';

/** Everything a read's answer depends on besides the database: who asks (roles included) and what exactly. */
function answerKey(req: FastifyRequest, scope: string): string {
  const u = req.user;
  const roles = `${+u.isSysAdmin}${+u.isAdministrator}${+u.isFullUser}${+u.isConsultant}`;
  return `${scope}|${u.tenantId}|${u.id}|${roles}|${req.method} ${req.url}|${JSON.stringify(req.body ?? null)}`;
}

/**
 * Answers a read from `cache` when the same user asked the same thing and the database has not changed since (see
 * db/change-count.ts); otherwise computes and keeps the serialized answer. For reads whose answer follows from the
 * asker, the request and the database alone.
 *
 * The answer is sent as the bytes of its JSON text: Fastify sends a buffer as it is, so the route's
 * response schema (which documents the answer) never serializes it again, and a reused answer costs no
 * serialization at all. The route's schema must therefore describe exactly what `compute` returns: name its type
 * as `Answer`. Return the reply this gives from the handler (Fastify's rule for handlers that send themselves).
 */
export async function sendReusedAnswer<Answer>(
  cache: ResultCache<Buffer>,
  scope: string,
  req: FastifyRequest,
  reply: FastifyReply,
  compute: () => Promise<Answer>,
): Promise<FastifyReply> {
  const key = answerKey(req, scope);
  const at = ResultCache.now();
  const kept = cache.get(key);
  if (kept !== undefined) return reply.type(JSON_TYPE).send(kept);
  const { body, release } = answerBody(await compute());
  // Memory shared with a reader thread is reused once the answer has left: what is kept is a copy of it.
  const shared = !(body.buffer instanceof ArrayBuffer);
  cache.set(key, at, shared ? () => Buffer.from(body) : body);
  if (release) reply.raw.once('close', release);
  // Fastify sends a buffer as it is only when its memory is an ArrayBuffer; the serializer passes the others on.
  return (shared ? reply.serializer(asIs) : reply).type(JSON_TYPE).send(body);
}

const JSON_TYPE = 'application/json; charset=utf-8';
const asIs = (body: unknown) => body as string;
