/**
 * Five-field cron (minute hour day-of-month month day-of-week) evaluated in an IANA time zone through Intl.
 * Fields take *, numbers, ranges (a-b), lists (a,b), steps (*\/n, a-b/n) and month/day names (JAN, MON).
 * As in classic cron, when both day fields are restricted a day matching either one is chosen.
 */
export interface Cron {
  minutes: number[];
  hours: number[];
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  anyDay: boolean;
  anyWeekday: boolean;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const MACROS: Record<string, string> = {
  '@hourly': '0 * * * *',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@weekly': '0 0 * * 0',
  '@monthly': '0 0 1 * *',
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
};

export class CronError extends Error {}

function field(text: string, min: number, max: number, names: string[] = [], nameBase = 0): number[] {
  const value = (s: string): number => {
    const i = names.indexOf(s.toUpperCase());
    const n = i >= 0 ? i + nameBase : /^\d+$/.test(s) ? Number(s) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) throw new CronError(`'${s}' is out of range ${min}-${max}`);
    return n;
  };
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^([^/]+)(?:\/(\d+))?$/.exec(part);
    if (!m) throw new CronError(`'${part}' is not a cron field`);
    const step = m[2] === undefined ? 1 : Number(m[2]);
    if (step < 1) throw new CronError(`step must be at least 1 in '${part}'`);
    let lo: number;
    let hi: number;
    if (m[1] === '*') [lo, hi] = [min, max];
    else if (m[1]!.includes('-')) {
      const [a, b] = m[1]!.split('-');
      [lo, hi] = [value(a!), value(b!)];
      if (lo > hi) throw new CronError(`range '${m[1]}' runs backwards`);
    } else {
      lo = value(m[1]!);
      hi = m[2] === undefined ? lo : max;
    }
    for (let n = lo; n <= hi; n += step) out.add(n);
  }
  return [...out].sort((a, b) => a - b);
}

export function parseCron(expr: string): Cron {
  const text = MACROS[expr.trim().toLowerCase()] ?? expr.trim();
  const parts = text.split(/\s+/);
  if (parts.length !== 5) throw new CronError('A schedule needs five fields: minute hour day month weekday');
  const [mi, h, dom, mon, dow] = parts as [string, string, string, string, string];
  const weekdays = new Set(field(dow, 0, 7, DAYS).map((d) => d % 7));
  return {
    minutes: field(mi, 0, 59),
    hours: field(h, 0, 23),
    days: new Set(field(dom, 1, 31)),
    months: new Set(field(mon, 1, 12, MONTHS, 1)),
    weekdays,
    anyDay: dom.startsWith('*'),
    anyWeekday: dow.startsWith('*'),
  };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Wall-clock parts of an instant in a time zone. */
export function zoned(t: number, tz: string) {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    formatters.set(tz, f);
  }
  const p: Record<string, string> = {};
  for (const x of f.formatToParts(t)) p[x.type] = x.value;
  return {
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    weekday: DAYS.indexOf(p.weekday!.toUpperCase().slice(0, 3)),
  };
}

const MINUTE = 60_000;

function dayMatches(c: Cron, day: number, weekday: number): boolean {
  const d = c.days.has(day);
  const w = c.weekdays.has(weekday);
  return c.anyDay || c.anyWeekday ? d && w : d || w;
}

/**
 * The first instant strictly after `after` whose wall-clock time in `tz` matches. Walks forward by whole hours
 * until the day and hour match, then to the matching minute, so a year is a few thousand steps. Local times that
 * do not exist (spring forward) are skipped; repeated ones (fall back) run at their first occurrence.
 */
export function nextRun(c: Cron, after: Date, tz: string, horizonYears = 5): Date | undefined {
  let t = Math.floor(after.getTime() / MINUTE) * MINUTE + MINUTE;
  const end = after.getTime() + horizonYears * 366 * 24 * 60 * MINUTE;
  while (t <= end) {
    const z = zoned(t, tz);
    if (!c.months.has(z.month) || !dayMatches(c, z.day, z.weekday) || !c.hours.includes(z.hour)) {
      t += (60 - z.minute) * MINUTE;
      continue;
    }
    const m = c.minutes.find((x) => x >= z.minute);
    if (m === undefined) {
      t += (60 - z.minute) * MINUTE;
      continue;
    }
    if (m > z.minute) {
      t += (m - z.minute) * MINUTE;
      continue;
    }
    // Fall back repeats an hour: the same wall-clock minute must not fire twice.
    if (!isRepeat(t, tz, z)) return new Date(t);
    t += MINUTE;
  }
  return undefined;
}

/** True when the same wall-clock minute already happened an hour earlier (the second pass of a fall-back hour). */
function isRepeat(t: number, tz: string, z: ReturnType<typeof zoned>): boolean {
  const before = zoned(t - 60 * MINUTE, tz);
  return before.hour === z.hour && before.minute === z.minute && before.day === z.day;
}
