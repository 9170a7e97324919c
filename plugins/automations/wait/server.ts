import { defineAutomationStepServer } from '../../../runtime/plugin-contract';
import { manifest, type WaitConfig } from './manifest';

const UNIT_MS: Record<WaitConfig['unit'], number> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 };

/** When the wait ends: now plus the amount, or the date the template gives (a date alone is midnight UTC). */
function endOf(c: WaitConfig, fill: (text: string) => string, now: Date): Date {
  if (c.mode === 'for') return new Date(now.getTime() + c.amount * UNIT_MS[c.unit]);
  const text = fill(c.until).trim();
  const at = new Date(text);
  if (!text || Number.isNaN(at.getTime())) throw new Error(`Wait until: '${text}' is not a date and time`);
  return at;
}

export const server = defineAutomationStepServer({
  manifest,
  async run(c, ctx) {
    const now = new Date();
    const until = endOf(c, ctx.fill, now);
    const waitMs = Math.max(0, until.getTime() - now.getTime());
    const wait = c.mode === 'for' ? `${c.amount} ${c.unit}` : `${Math.ceil(waitMs / 60_000)} minutes`;
    if (ctx.dryRun)
      return { output: { wouldWait: waitMs ? wait : 'no time (the date has passed)', until: until.toISOString() } };
    // A time already passed: the run goes straight on.
    return { output: { until: until.toISOString() }, ...(waitMs ? { resumeAt: until.toISOString() } : {}) };
  },
});
