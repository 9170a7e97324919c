import { Cron } from 'croner';

/**
 * Cron for every schedule on the server (record schedules, automations, report mailings): croner parses the
 * five-field expression and computes the next run in an IANA time zone, including daylight-saving changes.
 */
export class CronError extends Error {}

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Compiles an expression (minute hour day month weekday, or @daily and the other nicknames) without starting it. */
export function compileCron(expr: string, timeZone = 'UTC'): Cron {
  if (!isTimeZone(timeZone)) throw new CronError(`'${timeZone}' is not a time zone (such as Europe/London)`);
  try {
    return new Cron(expr.trim(), { timezone: timeZone, paused: true, mode: '5-part' });
  } catch (err) {
    throw new CronError((err as Error).message.replace(/^CronPattern: /, ''));
  }
}

/** The first run strictly after `after`, or undefined when the expression never fires again. */
export function nextCronRun(expr: string, timeZone: string, after: Date): Date | undefined {
  return compileCron(expr, timeZone).nextRun(after) ?? undefined;
}
