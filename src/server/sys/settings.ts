import { effectiveZone } from '../identity/routes-manage.js';
import { badRequest } from '../http/errors.js';
import type { TenantsTable } from '../db/schema.js';
import type { Selectable } from 'kysely';

export const DATE_FORMATS = ['YYYY-MM-DD', 'DD-MM-YYYY', 'MM-DD-YYYY'] as const;
export const TIME_FORMAT = 'HH:mm:ss';
export const LAUNCH_PAGES = ['home', 'dashboard-and-reports', 'quick-report', 'apps'] as const;
export const LANGUAGES = ['en', 'de', 'es', 'fr', 'ja', 'zh'] as const;

export interface Settings {
  time_zone: string;
  date_format: string;
  datetime_format: string;
  time_format: string;
}

const dateFormat = (f: string | null | undefined) =>
  (DATE_FORMATS as readonly string[]).includes(f ?? '') ? (f as string) : 'YYYY-MM-DD';

/** The organisation's settings with the spec defaults (Etc/UTC for a missing or 'GMT Standard Time' zone). */
export function tenantSettings(t: Selectable<TenantsTable>): Settings {
  const date = dateFormat(t.date_format);
  return {
    time_zone: effectiveZone(t.time_zone),
    date_format: date,
    datetime_format: `${date} ${TIME_FORMAT}`,
    time_format: TIME_FORMAT,
  };
}

/** The user's own choices over the organisation's. */
export function userSettings(t: Selectable<TenantsTable>, prefs: Record<string, unknown>): Settings {
  const base = tenantSettings(t);
  const zone = typeof prefs.timezone === 'string' && prefs.timezone ? prefs.timezone : base.time_zone;
  const date = typeof prefs.date_format === 'string' ? dateFormat(prefs.date_format) : base.date_format;
  return { time_zone: zone, date_format: date, datetime_format: `${date} ${TIME_FORMAT}`, time_format: TIME_FORMAT };
}

export function checkZone(zone: unknown): string {
  if (typeof zone !== 'string' || !zone) throw badRequest('A time zone is required.');
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    throw badRequest(`Unknown time zone '${zone}'.`);
  }
  return zone;
}

export function checkOneOf<T extends string>(value: unknown, allowed: readonly T[], what: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value))
    throw badRequest(`${what} must be one of ${allowed.join(', ')}.`);
  return value as T;
}
