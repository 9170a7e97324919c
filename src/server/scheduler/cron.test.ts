import { describe, expect, it } from 'vitest';
import { CronError, nextRun, parseCron } from './cron.js';

const next = (expr: string, after: string, tz = 'UTC') => nextRun(parseCron(expr), new Date(after), tz)?.toISOString();

describe('cron', () => {
  it('parses fields, ranges, steps, lists and names', () => {
    const c = parseCron('*/15 9-17 * JAN,mar MON-FRI');
    expect(c.minutes).toEqual([0, 15, 30, 45]);
    expect(c.hours).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect([...c.months]).toEqual([1, 3]);
    expect([...c.weekdays].sort()).toEqual([1, 2, 3, 4, 5]);
    expect([...parseCron('0 0 * * 7').weekdays]).toEqual([0]);
    expect(parseCron('@daily').hours).toEqual([0]);
  });

  it('refuses bad expressions with a reason', () => {
    expect(() => parseCron('* * * *')).toThrow(CronError);
    expect(() => parseCron('60 * * * *')).toThrow(/out of range/);
    expect(() => parseCron('5-1 * * * *')).toThrow(/backwards/);
    expect(() => parseCron('*/0 * * * *')).toThrow(/step/);
    expect(() => parseCron('x * * * *')).toThrow(CronError);
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
    // 02:30 does not exist on 2026-03-08 in New York (spring forward): the next one is on the 9th.
    expect(next('30 2 * * *', '2026-03-08T00:00:00Z', 'America/New_York')).toBe('2026-03-09T06:30:00.000Z');
    // 01:30 happens twice on 2026-11-01 in New York (fall back): it runs once.
    const first = next('30 1 * * *', '2026-11-01T00:00:00Z', 'America/New_York')!;
    expect(first).toBe('2026-11-01T05:30:00.000Z');
    expect(next('30 1 * * *', first, 'America/New_York')).toBe('2026-11-02T06:30:00.000Z');
  });
});
