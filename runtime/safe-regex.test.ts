import { describe, expect, it } from 'vitest';
import { createAjv } from './ajv';
import { MAX_PATTERN_LENGTH, matchesPattern, patternProblem, PatternError, safeRegExp } from './safe-regex';

const hostile = `${'a'.repeat(5000)}!`;
/** Generous for a loaded machine; a backtracking engine would need longer than the age of the universe. */
const LINEAR_MS = 2000;
const quick = (fn: () => unknown) => {
  const started = performance.now();
  fn();
  return performance.now() - started;
};

describe('safe patterns (RE2, linear time)', () => {
  it('matches like RegExp.test for the patterns designers write', () => {
    expect(matchesPattern('^[A-Z]{2}\\d{4}$', 'AB1234')).toBe(true);
    expect(matchesPattern('^[A-Z]{2}\\d{4}$', 'AB12345')).toBe(false);
    expect(matchesPattern('\\d+', 'order 42 today')).toBe(true);
    expect(matchesPattern('^\\p{L}+$', 'Zoë')).toBe(true);
    expect(matchesPattern('^[\\u00C0-\\u00FF]$', 'é')).toBe(true);
    expect(matchesPattern('^abc$', 'ABC', 'i')).toBe(true);
    expect(matchesPattern('^b$', 'a\nb', 'm')).toBe(true);
    expect(matchesPattern('^b$', 'a\nb')).toBe(false);
    expect(matchesPattern('(?<year>\\d{4})-\\d{2}', '2026-11')).toBe(true);
  });

  it('runs catastrophic patterns in linear time', () => {
    for (const p of ['^(a+)+$', '^(a|aa)+$', '^(a|a?)+$', '(x+x+)+y', '^(\\w+\\s?)*$'])
      expect(quick(() => expect(matchesPattern(p, hostile)).toBe(false))).toBeLessThan(LINEAR_MS);
  });

  it('refuses back-references, look-around, bad syntax, unknown flags and over-long patterns with a reason', () => {
    expect(patternProblem('(a)\\1')).toMatch(/^the pattern is not supported: back-references/);
    expect(patternProblem('(?<x>a)\\k<x>')).toMatch(/^the pattern is not supported: back-references/);
    for (const p of ['a(?=b)', 'a(?!b)', '(?<=a)b', '(?<!a)b'])
      expect(patternProblem(p), p).toMatch(/^the pattern is not supported: look-ahead and look-behind/);
    expect(patternProblem('([')).toMatch(/^the pattern is not a valid regular expression \(/);
    expect(patternProblem('a', 'g')).toBe("the pattern flag 'g' is not supported");
    expect(patternProblem('a'.repeat(MAX_PATTERN_LENGTH + 1))).toBe(
      `the pattern is longer than ${MAX_PATTERN_LENGTH} characters`,
    );
    expect(patternProblem('[\\s\\S]{1000}[\\s\\S]{1000}[\\s\\S]{1000}')).toBe('the pattern is too complex');
    expect(patternProblem('^[a-z]+$')).toBeUndefined();
    expect(() => matchesPattern('(a)\\1', 'aa')).toThrow(PatternError);
  });

  it('compiles each pattern once', () => {
    expect(safeRegExp('^x+$', 'i')).toBe(safeRegExp('^x+$', 'i'));
    expect(safeRegExp('^x+$')).not.toBe(safeRegExp('^x+$', 'i'));
    expect(String(safeRegExp('^x+$', 'u'))).toBe('/^x+$/u');
  });

  it('backs the shared ajv: schema patterns are linear too, and RE2-incompatible ones do not compile', () => {
    const ajv = createAjv();
    const validate = ajv.compile({ type: 'string', pattern: '^(a+)+$' });
    expect(quick(() => expect(validate(hostile)).toBe(false))).toBeLessThan(LINEAR_MS);
    expect(validate('aaaa')).toBe(true);
    const keyed = ajv.compile({ type: 'object', patternProperties: { '^(a+)+$': { type: 'number' } } });
    expect(keyed({ aaa: 1 })).toBe(true);
    expect(keyed({ aaa: 'x' })).toBe(false);
    expect(() => ajv.compile({ type: 'string', pattern: '(a)\\1' })).toThrow(/back-references/);
  });
});
