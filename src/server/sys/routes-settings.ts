import { ok, type ApiApp } from '../http/api.js';
import type { AppContext } from '../context.js';
import { rolesOf } from '../access/index.js';
import { TENANT_MESSAGES } from '../tenancy/resolve.js';
import { ErrorAnswer, SettingsAnswer, TenantInfoAnswer, TenantSettingsBody } from './schemas.js';
import { saveTenantSettings, tenantSettings, userSettings } from './settings.js';
import { preferencesOf } from './queries.js';
import { tenantInfo } from './tenant-info.js';

/** The organisation's date and time settings, the user's effective ones, and the public tenant info. */
export function settingsRoutes(app: ApiApp, ctx: AppContext) {
  const tags = ['settings'];
  app.get('/api/sys/settings/tenant', { schema: { tags, response: { 200: SettingsAnswer } } }, async (req) =>
    ok(tenantSettings(req.tenant)),
  );

  app.put(
    '/api/sys/settings/tenant',
    {
      config: { roles: rolesOf('managers') },
      schema: { tags, body: TenantSettingsBody, response: { 200: SettingsAnswer } },
    },
    async (req) =>
      ok(
        await saveTenantSettings({ system: ctx.db.system, tenants: ctx.tenants }, req.tenant, req.body),
        'Settings saved.',
      ),
  );

  app.get('/api/sys/settings/user', { schema: { tags, response: { 200: SettingsAnswer } } }, async (req) =>
    ok(userSettings(req.tenant, await preferencesOf(req.tdb, req.user.id))),
  );

  // Public: answers 403 with the reason when the host's organisation cannot be used.
  app.get(
    '/api/sys/tenant/info',
    {
      config: { tenantOptional: true },
      schema: { tags: ['sys'], summary: 'Tenant information', response: { 200: TenantInfoAnswer, 403: ErrorAnswer } },
    },
    async (req, reply) => {
      const state = req.tenantState;
      if (!state.ok) return reply.status(403).send({ success: false, message: TENANT_MESSAGES[state.reason] });
      return ok(tenantInfo(state.tenant));
    },
  );
}
