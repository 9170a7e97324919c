import { describe, expect, it } from 'vitest';
import { dateRange } from './filters.js';

describe('dashboard date range', () => {
  it('takes a bare end date as its whole day and keeps times as given', () => {
    expect(dateRange({ from: '2026-01-05', to: '2026-01-05' })).toEqual({
      from: '2026-01-05T00:00:00.000Z',
      to: '2026-01-06T00:00:00.000Z',
      userId: undefined,
    });
    expect(dateRange({ to: '2026-01-05T10:30:00Z', userId: 'u1' })).toEqual({
      from: undefined,
      to: '2026-01-05T10:30:00.000Z',
      userId: 'u1',
    });
    expect(dateRange(undefined)).toEqual({ from: undefined, to: undefined, userId: undefined });
  });

  it('refuses what is not a date, and a range that ends before it starts', () => {
    expect(() => dateRange({ from: 'last week' })).toThrow('from must be a date (YYYY-MM-DD).');
    expect(() => dateRange({ to: '2026-13-45' })).toThrow('to must be a date (YYYY-MM-DD).');
    expect(() => dateRange({ from: '2026-02-01', to: '2026-01-31' })).toThrow('from must be before to.');
  });
});
