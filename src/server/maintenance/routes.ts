import type { FastifyInstance } from 'fastify';
import { ok, type ApiApp } from '../http/api.js';
import { rolesOf } from '../access/index.js';
import type { AppContext } from '../context.js';
import { MaintenanceAnswer, MaintenanceBody, MaintenanceStatusAnswer } from './schemas.js';
import { switchTenantMaintenance, tenantFlag } from './service.js';
import { effectiveFlag } from './state.js';

const BASE = '/api/sys/maintenance';

/**
 * Maintenance mode: system administrators read and switch their tenant's flag (administrators may not: it locks
 * everyone else out); anyone may ask whether the host's organisation is in maintenance (the /maintenance page).
 */
export function maintenanceRoutes(
  app: ApiApp,
  root: FastifyInstance,
  ctx: AppContext,
  changed: (tenantId: string) => void,
) {
  const tags = ['maintenance'];
  const config = { roles: rolesOf('sysAdmins') };
  app.get(BASE, { config, schema: { tags, response: { 200: MaintenanceAnswer } } }, async (req) =>
    ok({ tenant: tenantFlag(req.tenant), installation: effectiveInstallation(root) }),
  );

  app.put(
    BASE,
    { config, schema: { tags, body: MaintenanceBody, response: { 200: MaintenanceAnswer } } },
    async (req) => {
      const deps = {
        system: ctx.db.system,
        invalidate: (d: string) => ctx.tenants.invalidate(d),
        installation: effectiveInstallation(root),
      };
      const state = await switchTenantMaintenance(deps, req.tdb, req.user, req.tenant, req.body);
      changed(req.tenant.id);
      return ok(state, req.body.on ? 'Maintenance mode is on.' : 'Maintenance mode is off.');
    },
  );

  app.get(
    `${BASE}/status`,
    { config: { tenantOptional: true }, schema: { tags, response: { 200: MaintenanceStatusAnswer } } },
    async (req) => ok(effectiveFlag(root.maintenance.current(), req.tenantState.tenant)),
  );
}

const effectiveInstallation = (root: FastifyInstance) => {
  const f = root.maintenance.current();
  return f.on ? effectiveFlag(f, undefined) : f;
};
