/** The user's effective settings (their own choices over the organisation's; GET /api/sys/settings/user). */
export interface DateSettings {
  time_zone: string;
  date_format: string;
  datetime_format?: string;
  time_format: string;
}

export const DEFAULT_DATE_SETTINGS: DateSettings = {
  time_zone: 'Etc/UTC',
  date_format: 'YYYY-MM-DD',
  time_format: 'HH:mm:ss',
};

/**
 * Formats an instant in the user's zone with the spec's patterns (YYYY, MM, DD, HH, mm, ss). Dates and times
 * everywhere in the app should go through this so they follow the user's and the organisation's settings.
 */
export function formatDate(
  value: string | number | Date | null | undefined,
  s: DateSettings = DEFAULT_DATE_SETTINGS,
  withTime = false,
): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: s.time_zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(d);
  } catch {
    return formatDate(d, { ...s, time_zone: 'Etc/UTC' }, withTime);
  }
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  const tokens: Record<string, string> = {
    YYYY: p.year!,
    MM: p.month!,
    DD: p.day!,
    HH: p.hour!,
    mm: p.minute!,
    ss: p.second!,
  };
  const pattern = withTime ? `${s.date_format} ${s.time_format}` : s.date_format;
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (k) => tokens[k]!);
}
