import { badRequest } from '../http/errors.js';
import { CronError, compileCron, isTimeZone, nextCronRun } from '../scheduler/cron.js';
import type { Trigger } from './schemas.js';

/** The first time strictly after `after` that the trigger fires, or null for one run only by hand. */
export function nextDue(t: Trigger, after: Date): string | null {
  switch (t.kind) {
    case 'manual':
    case 'record':
      // Record events wake the automation themselves (events.ts).
      return null;
    case 'interval': {
      // Whole minutes, so every node and every restart agrees on the slots.
      const step = t.minutes * 60_000;
      return new Date((Math.floor(after.getTime() / step) + 1) * step).toISOString();
    }
    case 'schedule':
      return nextCronRun(t.cron, t.timeZone, after)?.toISOString() ?? null;
  }
}

/** A 400 naming what is wrong with a trigger (the shared croner wrapper reads the expression). */
export function checkTrigger(t: Trigger): void {
  if (t.kind !== 'schedule') return;
  if (!isTimeZone(t.timeZone))
    throw badRequest(`Time zone: '${t.timeZone}' is not a time zone (such as Europe/London)`);
  try {
    compileCron(t.cron, t.timeZone);
  } catch (err) {
    if (err instanceof CronError) throw badRequest(`Schedule: ${err.message}`);
    throw err;
  }
}
