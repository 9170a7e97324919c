import { ok, type ApiApp } from '../http/api.js';
import { rolesOf } from '../access/index.js';
import { ErrorAnswer } from '../../../schemas/api/common.js';
import { MenuSettingsAnswer, MenuSettingsBody } from './schemas.js';
import { menuSettings, resetMenuSettings, saveMenuSettings } from './service.js';

export const MENU_SETTINGS = '/api/sys/menu-settings';

/**
 * The tenant's menu configuration: administrators and system administrators save and reset it; consultants, who
 * see the Menu settings entry (spec section 2), may only read it.
 */
export function menuSettingsRoutes(app: ApiApp, menuChanged: (tenantId: string) => void) {
  const tags = ['menu'];
  const config = { roles: rolesOf('admins') };
  app.get(
    MENU_SETTINGS,
    { config: { roles: rolesOf('managers') }, schema: { tags, response: { 200: MenuSettingsAnswer } } },
    async (req) => ok(await menuSettings(req.tdb)),
  );

  app.put(
    MENU_SETTINGS,
    { config, schema: { tags, body: MenuSettingsBody, response: { 200: MenuSettingsAnswer, 400: ErrorAnswer } } },
    async (req) => {
      const saved = await saveMenuSettings(req.tdb, req.user, req.body);
      menuChanged(req.tenant.id);
      return ok(saved, 'Menu saved.');
    },
  );

  app.delete(MENU_SETTINGS, { config, schema: { tags, response: { 200: MenuSettingsAnswer } } }, async (req) => {
    const reset = await resetMenuSettings(req.tdb, req.user);
    menuChanged(req.tenant.id);
    return ok(reset, 'Menu reset to the default.');
  });
}
