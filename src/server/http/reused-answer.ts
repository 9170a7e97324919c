import type { FastifyReply, FastifyRequest } from 'fastify';
import { ResultCache } from '../db/result-cache.js';

/** Everything a read's answer depends on besides the database: who asks (roles included) and what exactly. */
function answerKey(req: FastifyRequest, scope: string): string {
  const u = req.user;
  const roles = `${+u.isSysAdmin}${+u.isAdministrator}${+u.isFullUser}${+u.isConsultant}`;
  return `${scope}|${u.tenantId}|${u.id}|${roles}|${req.method} ${req.url}|${JSON.stringify(req.body ?? null)}`;
}

/**
 * Answers a read from `cache` when the same user asked the same thing and the database has not changed since (see
 * db/change-count.ts); otherwise computes, keeps and sends the serialized answer. For reads whose answer follows
 * from the asker, the request and the database alone.
 */
export async function reusedAnswer(
  cache: ResultCache,
  scope: string,
  req: FastifyRequest,
  reply: FastifyReply,
  compute: () => Promise<unknown>,
): Promise<string> {
  const key = answerKey(req, scope);
  const at = ResultCache.now();
  reply.type('application/json; charset=utf-8');
  const known = cache.get(key);
  if (known !== undefined) return known;
  const text = JSON.stringify(await compute());
  cache.set(key, at, text);
  return text;
}
