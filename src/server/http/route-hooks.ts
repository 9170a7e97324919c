import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';

/**
 * Gives each route registered after this call the onRequest hook `hookFor` makes from its options (or none). The
 * choice is made once when the route is registered, so a request pays only for the hooks its route needs and no
 * hook reads the route's options per request (a global hook would run, and read them, on every request).
 */
export function addRouteHook(
  app: FastifyInstance,
  hookFor: (route: RouteOptions) => onRequestHookHandler | undefined,
): void {
  app.addHook('onRoute', (route) => {
    const hook = hookFor(route);
    if (!hook) return;
    const existing = route.onRequest;
    route.onRequest = existing ? [...(Array.isArray(existing) ? existing : [existing]), hook] : [hook];
  });
}

/** Whether a route is part of the API (tenant-scoped, and guarded unless public). */
export const isApiRoute = (route: RouteOptions) => route.url.startsWith('/api/');
