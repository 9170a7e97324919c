import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { maintenanceRoutes } from './routes.js';

/** The hub method telling every page of a tenant that maintenance was switched (pages re-ask and follow the answer). */
export const HUB_MAINTENANCE_CHANGED = 'MaintenanceChanged';

/** Maintenance mode's API (the request hook itself is installed by app.ts after the auth guard: hook.ts). */
export const maintenanceFeature = defineFeature({
  name: 'maintenance',
  register: async (app, ctx) => {
    const changed = (tenantId: string) =>
      void ctx.hub
        .sendToTenant(tenantId, HUB_MAINTENANCE_CHANGED, [])
        .catch((err) => app.log.warn({ err }, 'maintenance changed'));
    maintenanceRoutes(typed(app), app, ctx, changed);
  },
});
