import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { ApiApp } from '../http/api.js';
import { Ok } from '../../../schemas/api/common.js';
import { ForgotQuery, ResetBody } from './schemas.js';
import { RESET_DONE, RESET_SENT, requestReset, resetPassword } from './service-reset.js';

const tags = ['identity'];

/** Where the reset page lives: PUBLIC_URL when set, else the host the request came to. */
const siteOrigin = (req: FastifyRequest, publicUrl: string | undefined) =>
  publicUrl ? publicUrl.replace(/\/$/, '') : `${req.protocol}://${req.headers.host}`;

/** Forgot password: a one-time, expiring link by mail. The answer is the same whether or not the user exists. */
export function resetRoutes(app: ApiApp, ctx: AppContext) {
  app.get(
    '/api/email/forgotpassword',
    { config: { public: true }, schema: { tags, querystring: ForgotQuery, response: { 200: Ok } } },
    async (req) => {
      await requestReset(req.tdb, { username: req.query.username, siteOrigin: siteOrigin(req, ctx.config.publicUrl) });
      return { success: true as const, message: RESET_SENT };
    },
  );

  app.post(
    '/api/identity/Authentication/resetPassword',
    { config: { public: true }, schema: { tags, body: ResetBody, response: { 200: Ok } } },
    async (req) => {
      await resetPassword(req.tdb, req.body);
      return { success: true as const, message: RESET_DONE };
    },
  );
}
