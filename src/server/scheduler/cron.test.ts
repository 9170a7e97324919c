import { describe, expect, it } from 'vitest';
import { CronError, compileCron, nextCronRun } from './cron.js';

const next = (expr: string, after: string, tz = 'UTC') => nextCronRun(expr, tz, new Date(after))?.toISOString();

describe('cron (croner)', () => {
  it('reads ranges, steps, lists, names and nicknames', () => {
    expect(next('*/15 9-17 * JAN,mar MON-FRI', '2026-01-05T09:07:00Z')).toBe('2026-01-05T09:15:00.000Z');
    expect(next('0 0 * * 7', '2026-11-26T00:00:00Z')).toBe('2026-11-29T00:00:00.000Z');
    expect(next('@daily', '2026-01-01T05:00:00Z')).toBe('2026-01-02T00:00:00.000Z');
  });

  it('refuses bad expressions and time zones with a reason', () => {
    expect(() => compileCron('* * * *')).toThrow(CronError);
    expect(() => compileCron('60 * * * *')).toThrow(/minute: 60/);
    expect(() => compileCron('5-1 * * * *')).toThrow(/larger/);
    expect(() => compileCron('*/0 * * * *')).toThrow(/stepping/);
    expect(() => compileCron('0 0 * * * *')).toThrow(/5 parts/);
    expect(() => compileCron('0 0 * * *', 'Mars/Base')).toThrow(/not a time zone/);
  });

  it('finds the next minute strictly after a time', () => {
    expect(next('* * * * *', '2026-01-01T00:00:00Z')).toBe('2026-01-01T00:01:00.000Z');
    expect(next('30 9 * * *', '2026-01-01T09:30:00Z')).toBe('2026-01-02T09:30:00.000Z');
    expect(next('0 0 1 * *', '2026-01-15T12:00:00Z')).toBe('2026-02-01T00:00:00.000Z');
    expect(next('0 12 29 2 *', '2026-03-01T00:00:00Z')).toBe('2028-02-29T12:00:00.000Z');
    expect(next('0 8 * * MON', '2026-11-22T10:00:00Z')).toBe('2026-11-23T08:00:00.000Z');
  });

  it('uses the classic either-day rule when both day fields are restricted', () => {
    // 13th of the month or any Friday: Friday 2026-11-27 comes before 2026-12-13.
    expect(next('0 0 13 * FRI', '2026-11-22T00:00:00Z')).toBe('2026-11-27T00:00:00.000Z');
    expect(next('0 0 */2 * *', '2026-11-22T00:00:00Z')).toBe('2026-11-23T00:00:00.000Z');
  });

  it('runs in the schedule time zone, across daylight-saving changes', () => {
    expect(next('0 9 * * *', '2026-07-01T00:00:00Z', 'Europe/Berlin')).toBe('2026-07-01T07:00:00.000Z');
    expect(next('0 9 * * *', '2026-12-01T00:00:00Z', 'Europe/Berlin')).toBe('2026-12-01T08:00:00.000Z');
    expect(next('0 9 * * *', '2025-12-31T23:00:00Z', 'Asia/Tokyo')).toBe('2026-01-01T00:00:00.000Z');
    // 02:30 does not exist on 2026-03-08 in New York: a fixed-time job runs right after the gap (Vixie cron).
    expect(next('30 2 * * *', '2026-03-08T00:00:00Z', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    // 01:30 happens twice on 2026-11-01 in New York (fall back): it runs once.
    const first = next('30 1 * * *', '2026-11-01T00:00:00Z', 'America/New_York')!;
    expect(first).toBe('2026-11-01T05:30:00.000Z');
    expect(next('30 1 * * *', first, 'America/New_York')).toBe('2026-11-02T06:30:00.000Z');
  });
});
