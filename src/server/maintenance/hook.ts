import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { addRouteHook, isApiRoute } from '../http/route-hooks.js';
import { effectiveFlag, InstallationMaintenance } from './state.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The installation-wide maintenance flag of this node (maintenance/state.ts). */
    maintenance: InstallationMaintenance;
  }
}

/** The header a maintenance answer carries, so the web app tells it from a server shutting down (also 503). */
export const MAINTENANCE_HEADER = 'x-maintenance';

/**
 * Maintenance mode: guarded API routes answer 503 `{ success: false, message }` to everyone but system
 * administrators while the tenant or the installation is in maintenance. Public routes (sign-in, refresh, logout,
 * tenant info, the maintenance status) and the health checks are untouched. Install after the auth guard: the hook
 * runs after it (route hooks keep their installation order) and reads req.user's roles. The tenant's flag comes from
 * the cached tenant row and the installation's from memory, so the usual request pays two property reads.
 */
export async function installMaintenance(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const installation = new InstallationMaintenance(ctx.db.system, 5_000, (err) =>
    app.log.warn({ err }, 'maintenance flag'),
  );
  await installation.refresh();
  app.decorate('maintenance', installation);
  addRouteHook(app, (route) => {
    const cfg = route.config ?? {};
    if (!isApiRoute(route) || cfg.tenantOptional || cfg.public) return undefined;
    return function maintenance(req, reply, done) {
      const flag = installation.current();
      if (!flag.on && !req.tenant.maintenance) return done();
      if (req.user?.isSysAdmin) return done();
      void reply.header(MAINTENANCE_HEADER, '1');
      done(new HttpError(503, effectiveFlag(flag, req.tenant).message));
    };
  });
}
