import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { addRouteHook, isApiRoute } from '../http/route-hooks.js';
import type { AccessClaims } from './keys.js';
import type { RoleFlags } from './schemas.js';
import { SessionGate } from './session-gate.js';
import { hasRole, type AuthUser, type Role } from './user-info.js';

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

export const NOT_SIGNED_IN = 'You are not signed in.';
export const INVALID_SESSION = 'Your session is not valid. Please sign in again.';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

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

/** Who may call a route, as the guard enforces it (listed for the role-matrix test and the docs). */
export interface RouteAccess {
  method: string;
  url: string;
  access: 'public' | 'signed-in' | Role[];
}

declare module 'fastify' {
  interface FastifyInstance {
    routeAccess: RouteAccess[];
  }
}

/**
 * Default-deny: every /api route needs a valid access token of the request's own tenant unless it is marked
 * public; `roles` narrows it further. Runs after tenancy, so req.tenant is known. A token alone is not enough: its
 * session must still be alive and its user active (logout, a revoked refresh-token family, deactivation and new
 * roles end it at once), and the roles that count are the user's current ones. The session gate remembers good
 * sessions, so a session's usual request pays no query and no promise.
 */
export function installAuthGuard(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('user', null as never);
  const gate = new SessionGate();
  app.addHook('onClose', async () => gate.close());

  const claimsFit = (req: FastifyRequest, cfg: FastifyContextConfig, claims: AccessClaims | null | undefined) => {
    if (!claims || claims.tid !== req.tenant.id) throw unauthorized(INVALID_SESSION);
    if (claims.scope && claims.scope !== cfg.scope) throw forbidden('Please change your password first.');
    return claims;
  };
  const admit = (req: FastifyRequest, cfg: FastifyContextConfig, claims: AccessClaims, flags: RoleFlags) => {
    req.user = {
      id: claims.sub,
      tenantId: claims.tid,
      sessionId: claims.sid,
      username: '',
      email: '',
      fullname: '',
      scope: claims.scope,
      ...flags,
    };
    if (cfg.roles && !cfg.roles.some((r) => hasRole(req.user, r))) throw forbidden();
  };
  const authenticate = async (req: FastifyRequest, cfg: FastifyContextConfig, token: string) => {
    const claims = claimsFit(req, cfg, await ctx.keys.verify(token));
    const flags = await gate.lookUp(req.tdb, claims.sub, claims.sid);
    if (!flags) throw unauthorized(SESSION_ENDED);
    admit(req, cfg, claims, flags);
  };

  // Only guarded routes get the hook, made once at registration with the route's settings; public routes run none.
  const access: RouteAccess[] = [];
  app.decorate('routeAccess', access);
  addRouteHook(app, (route) => {
    const cfg: FastifyContextConfig = route.config ?? {};
    if (isApiRoute(route))
      for (const method of [route.method].flat())
        if (method !== 'HEAD')
          access.push({ method, url: route.url, access: cfg.public || cfg.tenantOptional ? 'public' : (cfg.roles ?? 'signed-in') });
    if (!isApiRoute(route) || cfg.tenantOptional || cfg.public) return undefined;
    return function guard(req, _reply, done) {
      const token = bearerToken(req, cfg);
      if (!token) return done(unauthorized(NOT_SIGNED_IN));
      // Fast path: a token verified before, whose session the gate vouches for.
      const known = ctx.keys.remembered(token);
      const flags = known && known.tid === req.tenant.id ? gate.cached(known.tid, known.sub, known.sid) : undefined;
      if (known && flags) {
        try {
          admit(req, cfg, claimsFit(req, cfg, known), flags);
        } catch (err) {
          return done(err as Error);
        }
        return done();
      }
      authenticate(req, cfg, token).then(
        () => done(),
        (err: Error) => done(err),
      );
    };
  });
}
