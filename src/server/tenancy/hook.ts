import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/** Resolves the tenant from the Host header's first label before any /api handler runs. */
export function installTenancy(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('tenant', null as never);
  app.decorateRequest('tdb', null as never);
  app.decorateRequest('tenantState', null as never);
  const apply = (req: FastifyRequest, state: TenantState) => {
    req.tenantState = state;
    if (state.ok) {
      req.tenant = state.tenant;
      req.tdb = new TenantDb(state.tenant.id, ctx.db.forTenant(state.tenant.id));
      return;
    }
    if (req.routeOptions.config?.tenantOptional) return;
    throw new HttpError(403, TENANT_MESSAGES[state.reason]);
  };
  // A callback hook with a synchronous path for a cached tenant: most requests never wait on a promise here.
  app.addHook('onRequest', (req: FastifyRequest, _reply, done) => {
    if (!req.url.startsWith('/api/')) return done();
    const label = tenantLabel(req.headers.host);
    const cached = ctx.tenants.cachedState(label);
    if (cached) {
      try {
        apply(req, cached);
      } catch (err) {
        return done(err as Error);
      }
      return done();
    }
    ctx.tenants.state(label).then(
      (state) => {
        try {
          apply(req, state);
          done();
        } catch (err) {
          done(err as Error);
        }
      },
      (err: Error) => done(err),
    );
  });
}
