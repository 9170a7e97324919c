import { describe, expect, it } from 'vitest';
import { smallHash } from './result-cache.js';

describe('the hash that remembers keys asked once', () => {
  it('is a small non-negative integer, the same for the same key and apart for keys a character apart', () => {
    const keys = Array.from({ length: 2_000 }, (_, i) => `list|t1|u1|1111|POST /api/x|{"cursor":"${i}"}`);
    const hashes = keys.map(smallHash);
    for (const h of hashes) expect(Number.isInteger(h) && h >= 0 && h < 2 ** 30).toBe(true);
    expect(new Set(hashes).size).toBe(keys.length);
    expect(smallHash(keys[7]!)).toBe(hashes[7]);
    expect(smallHash('ab')).not.toBe(smallHash('ba'));
  });
});
