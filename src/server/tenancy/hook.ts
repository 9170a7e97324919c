import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addRouteHook, isApiRoute } from '../http/route-hooks.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { TenantDb } from './tenant-db.js';
import { TENANT_MESSAGES, tenantLabel, type Tenant, type TenantState } from './resolve.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant of the request's host; set for every /api route that is not marked tenantOptional. */
    tenant: Tenant;
    /** Tenant-scoped data access for this request. */
    tdb: TenantDb;
    tenantState: TenantState;
  }
  interface FastifyContextConfig {
    /** The route answers without a resolved tenant (health checks, tenant info which reports the state itself). */
    tenantOptional?: boolean;
  }
}

const TDB = Symbol('tenantDb');

/** Resolves the tenant from the Host header's first label before any /api handler runs. */
export function installTenancy(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('tenant', null as never);
  app.decorateRequest('tenantState', null as never);
  // Created on first use: many requests (public ones, cached answers) never touch the database.
  app.decorateRequest(TDB, null);
  app.decorateRequest('tdb', {
    getter(this: FastifyRequest) {
      const self = this as FastifyRequest & { [TDB]: TenantDb | null };
      return (self[TDB] ??= new TenantDb(this.tenant.id, ctx.db.forTenant(this.tenant.id), () => ({
        userId: this.user?.id,
        userName: this.user?.fullname,
        ip: this.ip,
        userAgent: this.headers['user-agent'],
      })));
    },
  });
  const settle = (req: FastifyRequest, state: TenantState, optional: boolean) => {
    req.tenantState = state;
    if (state.ok) req.tenant = state.tenant;
    else if (!optional) throw new HttpError(403, TENANT_MESSAGES[state.reason]);
  };
  const hook = (optional: boolean) =>
    // A callback hook with a synchronous path for a cached tenant: most requests never wait on a promise here.
    function resolveTenant(req: FastifyRequest, _reply: unknown, done: (err?: Error) => void) {
      const label = tenantLabel(req.headers.host);
      const cached = ctx.tenants.cachedState(label);
      if (cached) {
        try {
          settle(req, cached, optional);
        } catch (err) {
          return done(err as Error);
        }
        return done();
      }
      ctx.tenants.state(label).then(
        (state) => {
          try {
            settle(req, state, optional);
            done();
          } catch (err) {
            done(err as Error);
          }
        },
        (err: Error) => done(err),
      );
    };
  const required = hook(false);
  const optional = hook(true);
  addRouteHook(app, (r) => (isApiRoute(r) ? (r.config?.tenantOptional ? optional : required) : undefined));
}
