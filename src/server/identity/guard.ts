import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { hasRole, rolesFromString, type AuthUser, type Role } from './user-info.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser;
  }
  interface FastifyContextConfig {
    /** Answers without a signed-in user (sign-in, forgot password, tenant info). */
    public?: boolean;
    /** Any one of these roles is required. */
    roles?: Role[];
    /** Also accepts the access token as an `x-token` query parameter (images and file downloads). */
    queryToken?: boolean;
    /** Accepts a token limited to this scope (e.g. the password change after expiry). */
    scope?: string;
  }
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (h?.startsWith('Bearer ')) return h.slice(7).trim() || undefined;
  if (req.routeOptions.config?.queryToken) {
    const q = (req.query as Record<string, unknown> | undefined)?.['x-token'];
    if (typeof q === 'string' && q) return q;
  }
  return undefined;
}

/**
 * Default-deny: every /api route needs a valid access token of the request's own tenant unless it is marked
 * public; `roles` narrows it further. Runs after tenancy, so req.tenant is known.
 */
export function installAuthGuard(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('user', null as never);
  const authenticate = async (req: FastifyRequest) => {
    const cfg = req.routeOptions.config ?? {};
    const token = bearerToken(req);
    if (!token) throw unauthorized('You are not signed in.');
    const claims = await ctx.keys.verify(token);
    if (!claims || claims.tid !== req.tenant.id) throw unauthorized('Your session is not valid. Please sign in again.');
    if (claims.scope && claims.scope !== cfg.scope) throw forbidden('Please change your password first.');
    req.user = {
      id: claims.sub,
      tenantId: claims.tid,
      sessionId: claims.sid,
      username: '',
      email: '',
      fullname: '',
      scope: claims.scope,
      ...rolesFromString(claims.roles),
    };
    if (cfg.roles && !cfg.roles.some((r) => hasRole(req.user, r))) throw forbidden();
  };
  // A callback hook, so public routes pass without creating a promise.
  app.addHook('onRequest', (req, _reply, done) => {
    // Unmatched routes fall through to the 404 handler.
    if (!req.url.startsWith('/api/') || !req.routeOptions.url) return done();
    const cfg = req.routeOptions.config ?? {};
    if (cfg.tenantOptional || cfg.public) return done();
    authenticate(req).then(() => done(), (err: Error) => done(err));
  });
}
