import { Cron } from 'croner';
import { badRequest } from '../http/errors.js';
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
      return new Cron(t.cron, { timezone: t.timeZone, paused: true }).nextRun(after)?.toISOString() ?? null;
  }
}

/** A 400 naming what is wrong with a trigger (croner reads the cron expression; Intl knows the time zones). */
export function checkTrigger(t: Trigger): void {
  if (t.kind !== 'schedule') return;
  try {
    new Intl.DateTimeFormat('en', { timeZone: t.timeZone });
  } catch {
    throw badRequest(`Time zone: '${t.timeZone}' is not a time zone (such as Europe/London)`);
  }
  try {
    new Cron(t.cron, { timezone: t.timeZone, paused: true }).nextRun();
  } catch (err) {
    throw badRequest(`Schedule: ${(err as Error).message.replace(/^CronPattern: /, '')}`);
  }
}
