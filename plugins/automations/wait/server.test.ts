import { describe, expect, it } from 'vitest';
import type { AutomationContext } from '../../../runtime/plugin-contract';
import { server } from './server';

const ctx = (dryRun: boolean, vars: Record<string, unknown> = {}) =>
  ({
    dryRun,
    vars,
    fill: (t: string) => t.replace('{{due}}', String(vars.due ?? '')),
  }) as unknown as AutomationContext;

describe('the wait step', () => {
  it('parks the run for an amount of time, and says so in a dry run', async () => {
    const t0 = Date.now();
    const r = await server.run({ mode: 'for', amount: 2, unit: 'hours', until: '' }, ctx(false));
    const at = new Date(r.resumeAt!).getTime();
    expect(at - t0).toBeGreaterThanOrEqual(2 * 3_600_000);
    expect(at - t0).toBeLessThan(2 * 3_600_000 + 5_000);
    expect(r.output.until).toBe(r.resumeAt);
    const dry = await server.run({ mode: 'for', amount: 3, unit: 'days', until: '' }, ctx(true));
    expect(dry.resumeAt).toBeUndefined();
    expect(dry.output.wouldWait).toBe('3 days');
  });

  it('waits until a date from a template; a date passed goes straight on; no date is an error', async () => {
    const due = new Date(Date.now() + 90 * 60_000).toISOString();
    const r = await server.run({ mode: 'until', amount: 1, unit: 'days', until: '{{due}}' }, ctx(false, { due }));
    expect(r.resumeAt).toBe(due);
    const past = await server.run({ mode: 'until', amount: 1, unit: 'days', until: '2001-01-01' }, ctx(false));
    expect(past.resumeAt).toBeUndefined();
    await expect(server.run({ mode: 'until', amount: 1, unit: 'days', until: '{{due}}' }, ctx(false))).rejects.toThrow(
      "Wait until: '' is not a date and time",
    );
  });
});
