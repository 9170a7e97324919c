import type { Kysely } from 'kysely';
import { audit } from '../audit/index.js';
import type { DB } from '../db/schema.js';
import type { AuthUser } from '../identity/user-info.js';
import type { Tenant } from '../tenancy/resolve.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { MaintenanceBody, MaintenanceState } from './schemas.js';
import { DEFAULT_MAINTENANCE_MESSAGE, type MaintenanceFlag } from './state.js';

export const tenantFlag = (t: Pick<Tenant, 'maintenance' | 'maintenance_message'>): MaintenanceFlag => ({
  on: !!t.maintenance,
  message: t.maintenance_message || DEFAULT_MAINTENANCE_MESSAGE,
});

/** Sets a tenant's maintenance flag (tenants is a system table: the system connection writes it). */
export async function setTenantMaintenance(
  system: Kysely<DB>,
  domain: string,
  on: boolean,
  message: string | undefined,
): Promise<boolean> {
  const r = await system
    .updateTable('tenants')
    .set({ maintenance: on ? 1 : 0, ...(on ? { maintenance_message: message?.trim() || null } : {}) })
    .where('domain', '=', domain)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** A system administrator switches their own tenant; the change is audited and the tenant cache dropped. */
export async function switchTenantMaintenance(
  deps: { system: Kysely<DB>; invalidate: (domain: string) => void; installation: MaintenanceFlag },
  tdb: TenantDb,
  user: AuthUser,
  tenant: Tenant,
  body: MaintenanceBody,
): Promise<MaintenanceState> {
  await setTenantMaintenance(deps.system, tenant.domain, body.on, body.message);
  deps.invalidate(tenant.domain);
  const message = body.on ? body.message?.trim() || null : tenant.maintenance_message;
  await audit(tdb, {
    action: body.on ? 'maintenance.on' : 'maintenance.off',
    actorId: user.id,
    targetType: 'tenant',
    targetId: tenant.id,
    targetLabel: tenant.domain,
    details: body.on ? { message } : null,
  });
  return {
    tenant: tenantFlag({ maintenance: body.on ? 1 : 0, maintenance_message: message }),
    installation: deps.installation,
  };
}
