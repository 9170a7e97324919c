import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { authRoutes } from './routes-auth.js';
import { sessionRoutes } from './routes-session.js';
import { twoFactorRoutes } from './routes-2fa.js';
import { manageRoutes } from './routes-manage.js';
import { resetRoutes } from './routes-reset.js';
import { ssoRoutes } from './sso/routes.js';

export async function identityFeature(app: FastifyInstance, ctx: AppContext) {
  await authRoutes(app, ctx);
  await sessionRoutes(app, ctx);
  await twoFactorRoutes(app, ctx);
  await manageRoutes(app, ctx);
  await resetRoutes(app, ctx);
  await ssoRoutes(app, ctx);
}
