import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { menuSettingsRoutes } from './routes.js';

/** The hub method telling every page of a tenant that its menu changed (the web app refetches the sidebar menu). */
export const HUB_MENU_CHANGED = 'MenuChanged';

/** Menu settings (issue #22): the tenant's own arrangement of the signed-in menu. */
export const menuSettingsFeature = defineFeature({
  name: 'menu-settings',
  register: async (app, ctx) => {
    // A lost message only delays the new menu until the next page load.
    const menuChanged = (tenantId: string) =>
      void ctx.hub.sendToTenant(tenantId, HUB_MENU_CHANGED, []).catch((err) => app.log.warn({ err }, 'menu changed'));
    menuSettingsRoutes(typed(app), menuChanged);
  },
});
