import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { badRequest } from '../http/errors.js';
import { enqueue } from '../outbox/outbox.js';
import { hashPassword } from './passwords.js';
import { passwordProblem } from './policy.js';
import { revokeUserSessions } from './sessions.js';
import { consumeChallenge, createChallenge, findChallenge } from './challenges.js';

const RESET_TTL_MS = 30 * 60_000;
export const RESET_SENT = 'If the account exists, a reset link has been sent to its e-mail address.';
const LINK_INVALID = 'This reset link is not valid any more. Please ask for a new one.';

function origin(req: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/$/, '');
  return `${req.protocol}://${req.headers.host}`;
}

/** Forgot password: a one-time, expiring link by mail. The answer is the same whether or not the user exists. */
export async function resetRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/email/forgotpassword', { config: { public: true }, schema: { tags: ['identity'] } }, async (req) => {
    const username = String((req.query as { username?: unknown }).username ?? '').trim();
    if (!username) throw badRequest('Username is required');
    if (username.length < 3) throw badRequest('Minimum 3 characters');
    if (username.length > 50) throw badRequest('Maximum 50 characters');
    const user = await req.tdb.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
    if (user && user.status === 'active' && user.email) {
      await req.tdb.transaction(async (tx) => {
        const token = await createChallenge(tx, user.id, 'reset', RESET_TTL_MS);
        const link = `${origin(req, ctx.config.publicUrl)}/reset-password?token=${encodeURIComponent(token)}`;
        await enqueue(
          tx,
          'mail',
          {
            to: user.email,
            subject: 'Reset your password',
            text: `Hello ${user.fullname},\n\nUse this link within 30 minutes to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this mail.`,
          },
          `reset:${token.slice(0, 16)}`,
        );
      });
    }
    return { success: true, message: RESET_SENT };
  });

  app.post(
    '/api/identity/Authentication/resetPassword',
    { config: { public: true }, schema: { tags: ['identity'] } },
    async (req) => {
      const body = (req.body ?? {}) as { token?: unknown; password?: unknown };
      const problem = passwordProblem(body.password);
      if (problem) throw badRequest(problem);
      const challenge = await findChallenge(req.tdb, typeof body.token === 'string' ? body.token : undefined, 'reset');
      if (!challenge) throw badRequest(LINK_INVALID);
      await req.tdb.transaction(async (tx) => {
        if (!(await consumeChallenge(tx, challenge.id))) throw badRequest(LINK_INVALID);
        const now = new Date().toISOString();
        await tx
          .updateTable('users')
          .set({ password_hash: await hashPassword(String(body.password)), password_changed_on: now, modified_on: now })
          .where('id', '=', challenge.user_id)
          .execute();
        await revokeUserSessions(tx, challenge.user_id);
      });
      return { success: true, message: 'Your password has been changed. You can sign in now.' };
    },
  );
}
