import type { FastifyInstance, onRequestHookHandler, preValidationHookHandler, RouteOptions } from 'fastify';

/**
 * Gives each route registered after this call the onRequest hook `hookFor` makes from its options (or none). The
 * choice is made once when the route is registered, so a request pays only for the hooks its route needs and no
 * hook reads the route's options per request (a global hook would run, and read them, on every request).
 */
export function addRouteHook(
  app: FastifyInstance,
  hookFor: (route: RouteOptions) => onRequestHookHandler | preValidationHookHandler | undefined,
  phase: 'onRequest' | 'preValidation' = 'onRequest',
): void {
  app.addHook('onRoute', (route) => {
    const hook = hookFor(route);
    if (!hook) return;
    const existing = route[phase] as unknown;
    const list = existing ? (Array.isArray(existing) ? existing : [existing]) : [];
    (route as unknown as Record<string, unknown>)[phase] = [...list, hook];
  });
}

/** Whether a route is part of the API (tenant-scoped, and guarded unless public). */
export const isApiRoute = (route: RouteOptions) => route.url.startsWith('/api/');
