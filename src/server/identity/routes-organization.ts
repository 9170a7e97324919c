import { rolesOf } from '../access/index.js';
import type { AppContext } from '../context.js';
import { ok, type ApiApp } from '../http/api.js';
import { OrganizationAnswer, TimeZoneAnswer, TimeZoneBody } from './schemas.js';
import { organizationOf, setOrganizationZone } from './service-account.js';

const tags = ['identity'];

/** The organisation's name, domain, zone and formats (everyone), and its zone (administrators). */
export function organizationRoutes(app: ApiApp, ctx: AppContext) {
  app.get('/api/sys/organization/current', { schema: { tags, response: { 200: OrganizationAnswer } } }, async (req) =>
    ok(organizationOf(req.tenant)),
  );

  app.post(
    '/api/sys/organization/setorganizationtimezone',
    { config: { roles: rolesOf('admins') }, schema: { tags, body: TimeZoneBody, response: { 200: TimeZoneAnswer } } },
    async (req) => {
      const data = await setOrganizationZone(ctx.db.system, req.tenant, req.body.timezone);
      ctx.tenants.invalidate(req.tenant.domain);
      return { success: true as const, message: 'Organisation time zone saved.', data };
    },
  );
}
