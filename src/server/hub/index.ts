import websocket from '@fastify/websocket';
import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import type { AppContext } from '../context.js';
import { liveSessionUser } from '../identity/service-session.js';
import { TenantDb } from '../tenancy/tenant-db.js';
import { hubRoutes, type HubAuthenticator } from './routes.js';

/**
 * A plain access token of the tenant (not one scoped to a single step such as a password change) whose session is
 * still alive, checked like every guarded route: a signed-out or deactivated user's token opens no hub connection.
 */
const liveSessionOf =
  (ctx: AppContext): HubAuthenticator =>
  (token, tenantId) =>
    liveSessionUser(new TenantDb(tenantId, ctx.db.forTenant(tenantId)), ctx.keys, token);

/**
 * /TaskHub, the realtime hub (the TaskHub itself is built by app.ts and shared through the context, so the outbox
 * and the engine's writer thread can send through it). @fastify/websocket adds hooks to every request of its scope,
 * so it is registered in a scope of its own.
 */
export const hubFeature = defineFeature({
  name: 'hub',
  register: async (app, ctx) => {
    await app.register(async (scope) => {
      await scope.register(websocket, { options: { maxPayload: 64 * 1024 } });
      hubRoutes(typed(scope), ctx, ctx.hub, liveSessionOf(ctx));
    });
  },
});
