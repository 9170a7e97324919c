import crypto from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { tenantLabel } from '../tenancy/resolve.js';
import type { TaskHub } from './hub.js';

/** Verifies an access token for a tenant and returns the user id, or null. Provided by the identity feature. */
export type HubAuthenticator = (token: string, tenantId: string) => Promise<string | null>;

declare module 'fastify' {
  interface FastifyRequest {
    hubUser?: { tenantId: string; userId: string };
  }
}

function tokenOf(req: FastifyRequest): string | undefined {
  const q = req.query as Record<string, string | undefined>;
  if (q.access_token) return q.access_token;
  const h = req.headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7) : undefined;
}

/**
 * /TaskHub speaks the SignalR JSON hub protocol so the real @microsoft/signalr client connects. The token is
 * checked before the upgrade (bearer header or the access_token query the client adds for WebSockets), and a
 * userId in the query must be the token's own user.
 */
export async function hubRoutes(app: FastifyInstance, ctx: AppContext, hub: TaskHub, authenticate: HubAuthenticator) {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  const authorize = async (req: FastifyRequest) => {
    const state = await ctx.tenants.state(tenantLabel(req.headers.host));
    if (!state.ok) throw forbidden('This organisation is not available.');
    const token = tokenOf(req);
    const userId = token ? await authenticate(token, state.tenant.id) : null;
    if (!userId) throw unauthorized();
    const wanted = (req.query as Record<string, string | undefined>).userId;
    if (wanted && wanted !== userId) throw forbidden('The hub connection belongs to another user.');
    req.hubUser = { tenantId: state.tenant.id, userId };
  };

  app.post('/TaskHub/negotiate', { preValidation: authorize, schema: { hide: true } }, async () => {
    const connectionId = crypto.randomUUID();
    return {
      negotiateVersion: 1,
      connectionId,
      connectionToken: crypto.randomUUID(),
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    };
  });

  app.get('/TaskHub', { websocket: true, preValidation: authorize, schema: { hide: true } }, (socket, req) => {
    const user = req.hubUser!;
    hub.accept(socket, user.tenantId, user.userId);
  });
}
