import { describe, expect, it } from 'vitest';
import { countdown, sessionPhase } from './timing';

describe('session timing', () => {
  const hour = 3600_000;
  it('uses the spec windows for long tokens', () => {
    const exp = 10 * hour;
    expect(sessionPhase(exp, hour * 2, exp - 40 * 60_000)).toBe('fresh');
    expect(sessionPhase(exp, hour * 2, exp - 30 * 60_000)).toBe('watch');
    expect(sessionPhase(exp, hour * 2, exp - 4 * 60_000)).toBe('warn');
    expect(sessionPhase(exp, hour * 2, exp + 1)).toBe('expired');
  });
  it('scales the windows down for short tokens', () => {
    const exp = 100_000;
    expect(sessionPhase(exp, 60_000, exp - 50_000)).toBe('watch');
    expect(sessionPhase(exp, 60_000, exp - 29_000)).toBe('warn');
  });
  it('formats the countdown', () => {
    expect(countdown(65_000)).toBe('01:05');
    expect(countdown(-5)).toBe('00:00');
  });
});
