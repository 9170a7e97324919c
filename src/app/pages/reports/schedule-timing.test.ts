import { describe, expect, it } from 'vitest';
import { timingOf } from './schedule-timing';

describe('the preset of a stored schedule', () => {
  it('reads daily, weekly and monthly times back, and keeps any other expression', () => {
    expect(timingOf('0 7 * * *')).toEqual({ kind: 'daily', time: '07:00' });
    expect(timingOf('30 6 * * 1')).toEqual({ kind: 'weekly', time: '06:30', weekday: 1 });
    expect(timingOf('5 18 28 * *')).toEqual({ kind: 'monthly', time: '18:05', day: 28 });
    expect(timingOf('0 7 * * 1-5')).toEqual({ kind: 'cron', cron: '0 7 * * 1-5' });
    expect(timingOf('0 7 31 * *')).toEqual({ kind: 'cron', cron: '0 7 31 * *' });
    expect(timingOf('*/15 * * * *')).toEqual({ kind: 'cron', cron: '*/15 * * * *' });
  });
});
