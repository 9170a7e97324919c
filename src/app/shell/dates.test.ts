import { describe, expect, it } from 'vitest';
import { formatDate } from './date-format';

describe('formatDate', () => {
  const at = '2026-03-29T23:30:05Z';
  it('follows the date format and the time zone', () => {
    expect(formatDate(at)).toBe('2026-03-29');
    expect(formatDate(at, { time_zone: 'Etc/UTC', date_format: 'DD-MM-YYYY', time_format: 'HH:mm:ss' }, true)).toBe(
      '29-03-2026 23:30:05',
    );
    expect(
      formatDate(at, { time_zone: 'Europe/London', date_format: 'MM-DD-YYYY', time_format: 'HH:mm:ss' }, true),
    ).toBe('03-30-2026 00:30:05');
    expect(formatDate(at, { time_zone: 'Asia/Tokyo', date_format: 'YYYY-MM-DD', time_format: 'HH:mm:ss' }, true)).toBe(
      '2026-03-30 08:30:05',
    );
  });
  it('handles empty, invalid and unknown zones', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(at, { time_zone: 'Mars/Base', date_format: 'YYYY-MM-DD', time_format: 'HH:mm:ss' }, true)).toBe(
      '2026-03-29 23:30:05',
    );
  });
});
