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
  app.addHook('onRequest', async (req: FastifyRequest) => {
    if (!req.url.startsWith('/api/')) return;
    const state = await ctx.tenants.state(tenantLabel(req.headers.host));
    req.tenantState = state;
    if (state.ok) {
      req.tenant = state.tenant;
      req.tdb = new TenantDb(state.tenant.id, ctx.db.forTenant(state.tenant.id));
      return;
    }
    if (req.routeOptions.config?.tenantOptional) return;
    throw new HttpError(403, TENANT_MESSAGES[state.reason]);
  });
}
