import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { effectiveZone } from '../identity/service-account.js';
import { badRequest } from '../http/errors.js';
import type { Tenant, TenantResolver } from '../tenancy/resolve.js';
import { DATE_FORMATS, type Settings, type TenantSettingsBody } from './schemas.js';
import { saveTenantDates } from './queries.js';

/** Date and time settings: the organisation's (spec defaults filled in) and each user's choices over them. */

export const TIME_FORMAT = 'HH:mm:ss';

const dateFormat = (f: string | null | undefined) =>
  (DATE_FORMATS as readonly string[]).includes(f ?? '') ? (f as string) : 'YYYY-MM-DD';

/** The organisation's settings with the spec defaults (Etc/UTC for a missing or 'GMT Standard Time' zone). */
export function tenantSettings(t: Tenant): Settings {
  const date = dateFormat(t.date_format);
  return {
    time_zone: effectiveZone(t.time_zone),
    date_format: date,
    datetime_format: `${date} ${TIME_FORMAT}`,
    time_format: TIME_FORMAT,
  };
}

/** The user's own choices over the organisation's. */
export function userSettings(t: Tenant, prefs: Record<string, unknown>): Settings {
  const base = tenantSettings(t);
  const zone = typeof prefs.timezone === 'string' && prefs.timezone ? prefs.timezone : base.time_zone;
  const date = typeof prefs.date_format === 'string' ? dateFormat(prefs.date_format) : base.date_format;
  return { time_zone: zone, date_format: date, datetime_format: `${date} ${TIME_FORMAT}`, time_format: TIME_FORMAT };
}

/** An IANA zone this runtime knows, or 400. */
export function checkZone(zone: string): string {
  if (!zone) throw badRequest('A time zone is required.');
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    throw badRequest(`Unknown time zone '${zone}'.`);
  }
  return zone;
}

/** Saves the organisation's zone and date format (fields left out keep their value); answers the new settings. */
export async function saveTenantSettings(
  deps: { system: Kysely<DB>; tenants: Pick<TenantResolver, 'invalidate'> },
  tenant: Tenant,
  input: TenantSettingsBody,
): Promise<Settings> {
  const zone = input.time_zone === undefined ? tenant.time_zone : checkZone(input.time_zone);
  const date = input.date_format ?? tenant.date_format;
  await saveTenantDates(deps.system, tenant.id, {
    time_zone: zone,
    date_format: date,
    datetime_format: `${date ?? 'YYYY-MM-DD'} ${TIME_FORMAT}`,
    time_format: TIME_FORMAT,
  });
  deps.tenants.invalidate(tenant.domain);
  return tenantSettings({ ...tenant, time_zone: zone, date_format: date });
}
