import type { Tenant } from '../tenancy/resolve.js';
import type { TenantInfo } from './schemas.js';

/** Public facts about the host's organisation: what the sign-in pages and the topbar show. */
export const tenantInfo = (t: Tenant): TenantInfo => ({
  domain: t.domain,
  name: t.name,
  support_email: t.support_email,
  person_in_charge_phone: t.person_in_charge_phone,
  time_zone: t.time_zone,
  date_format: t.date_format,
  datetime_format: t.datetime_format,
  time_format: t.time_format,
  licence_expires_on: t.licence_expires_on,
});
