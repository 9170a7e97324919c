import { describe, expect, it } from 'vitest';
import { numberSortKey } from './columns.js';

const NUMBERS = [
  -123456.789, -1000, -12.5, -1.55, -1.5, -1, -0.5, -0.00123, 0, 0.00123, 0.5, 1, 1.5, 1.55, 12.5, 100, 999999,
  1000000.25,
];

describe('numberSortKey', () => {
  it('orders bytewise as the numbers order', () => {
    const keys = NUMBERS.map(numberSortKey);
    const bytewise = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(bytewise).toEqual(keys);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('writes sign, exponent and digits', () => {
    expect(numberSortKey(0)).toBe('1');
    expect(numberSortKey(123.45)).toBe('250000312345');
    expect(numberSortKey(0.00123)).toBe('2499998123');
    expect(numberSortKey(-1.5)).toBe('049999984~');
  });
});
