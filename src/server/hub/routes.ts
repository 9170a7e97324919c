import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ApiApp } from '../http/api.js';
import type { AppContext } from '../context.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { tenantLabel } from '../tenancy/resolve.js';
import type { TaskHub } from './hub.js';
import { HubQuery, NegotiateAnswer } from './schemas.js';

/** Verifies an access token for a tenant and returns the user id, or null. */
export type HubAuthenticator = (token: string, tenantId: string) => Promise<string | null>;

declare module 'fastify' {
  interface FastifyRequest {
    hubUser?: { tenantId: string; userId: string };
  }
}

// Runs before validation (preValidation), so the query is still the raw one here.
const queryOf = (req: FastifyRequest) => req.query as Record<string, string | undefined>;

function tokenOf(req: FastifyRequest): string | undefined {
  const fromQuery = queryOf(req).access_token;
  if (fromQuery) return fromQuery;
  const h = req.headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7) : undefined;
}

/**
 * /TaskHub speaks the SignalR JSON hub protocol so the real @microsoft/signalr client connects. The token is
 * checked before the upgrade (bearer header or the access_token query the client adds for WebSockets), and a
 * userId in the query must be the token's own user. Needs @fastify/websocket registered in the calling scope.
 */
export function hubRoutes(app: ApiApp, ctx: AppContext, hub: TaskHub, authenticate: HubAuthenticator) {
  const authorize = async (req: FastifyRequest) => {
    const state = await ctx.tenants.state(tenantLabel(req.headers.host));
    if (!state.ok) throw forbidden('This organisation is not available.');
    const token = tokenOf(req);
    const userId = token ? await authenticate(token, state.tenant.id) : null;
    if (!userId) throw unauthorized();
    const wanted = queryOf(req).userId;
    if (wanted && wanted !== userId) throw forbidden('The hub connection belongs to another user.');
    req.hubUser = { tenantId: state.tenant.id, userId };
  };

  app.post(
    '/TaskHub/negotiate',
    { preValidation: authorize, schema: { hide: true, querystring: HubQuery, response: { 200: NegotiateAnswer } } },
    async () => ({
      negotiateVersion: 1,
      connectionId: crypto.randomUUID(),
      connectionToken: crypto.randomUUID(),
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    }),
  );

  app.get(
    '/TaskHub',
    { websocket: true, preValidation: authorize, schema: { hide: true, querystring: HubQuery } },
    (socket, req) => {
      const user = req.hubUser!;
      hub.accept(socket, user.tenantId, user.userId);
    },
  );
}
