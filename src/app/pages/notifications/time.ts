const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 hours ago" in the user's language; pushed notifications carry only created_on, so this is done here. */
export function timeAgo(iso: string, language: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  const fmt = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of UNITS) if (seconds >= size) return fmt.format(-Math.floor(seconds / size), unit);
  return fmt.format(0, 'second');
}
