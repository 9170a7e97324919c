import { describe, expect, it } from 'vitest';
import { ResultCache, smallHash } from './result-cache.js';

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

describe('answers kept only on their second asking', () => {
  it('make an answer given as a function only when it is kept', () => {
    const cache = new ResultCache<string>(undefined, true);
    const count = ResultCache.now();
    let made = 0;
    const answer = () => `answer ${++made}`;
    cache.set('k', count, answer);
    expect([made, cache.get('k')]).toEqual([0, undefined]);
    cache.set('k', count, answer);
    expect([made, cache.get('k')]).toEqual([1, 'answer 1']);
  });
});
