import { describe, expect, it } from 'vitest';
import { timeAgo } from './time';

describe('timeAgo', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('names the largest whole unit in the given language', () => {
    expect(timeAgo('2026-11-22T11:59:30Z', 'en', now)).toBe('now');
    expect(timeAgo('2026-11-22T09:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(timeAgo('2026-11-20T12:00:00Z', 'en', now)).toBe('2 days ago');
    expect(timeAgo('2026-11-21T12:00:00Z', 'de', now)).toBe('gestern');
  });
});
