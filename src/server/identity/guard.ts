import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { addRouteHook, isApiRoute } from '../http/route-hooks.js';
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

export function bearerToken(
  req: FastifyRequest,
  cfg: FastifyContextConfig | undefined = req.routeOptions.config,
): string | undefined {
  const h = req.headers.authorization;
  if (h?.startsWith('Bearer ')) return h.slice(7).trim() || undefined;
  if (cfg?.queryToken) {
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
  const authenticate = async (req: FastifyRequest, cfg: FastifyContextConfig) => {
    const token = bearerToken(req, cfg);
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
  // Only guarded routes get the hook, made once at registration with the route's settings; public routes run none.
  addRouteHook(app, (route) => {
    const cfg: FastifyContextConfig = route.config ?? {};
    if (!isApiRoute(route) || cfg.tenantOptional || cfg.public) return undefined;
    return function guard(req, _reply, done) {
      authenticate(req, cfg).then(
        () => done(),
        (err: Error) => done(err),
      );
    };
  });
}
