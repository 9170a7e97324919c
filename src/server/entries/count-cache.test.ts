import { describe, expect, it } from 'vitest';
import { noteChange } from '../db/change-count.js';
import { CountCache } from './count-cache.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A count that answers when told to, and says how often it was asked. */
function counter() {
  let n = 0;
  const waiting: ((v: number) => void)[] = [];
  return {
    count: () => new Promise<number>((r) => waiting.push(r)).then((v) => (n++, v)),
    answer: (v: number) => waiting.shift()!(v),
    get asked() {
      return n + waiting.length;
    },
  };
}

describe('list counts kept between pages', () => {
  it('keeps a count while nothing changed, however old, and counts again after a change once it is stale', async () => {
    const cache = new CountCache<number>(50, 60_000, 100);
    const c = counter();
    const first = cache.get('k', c.count);
    c.answer(7);
    expect(await first).toBe(7);
    await sleep(100);
    expect(await cache.get('k', c.count)).toBe(7);
    expect(c.asked).toBe(1);
    noteChange();
    // A change moves the figure to be counted again only once it is stale.
    const again = cache.get('k', c.count);
    expect(c.asked).toBe(2);
    c.answer(8);
    expect(await again).toBe(8);
  });

  it('keeps a figure younger than the freshness bound across changes', async () => {
    const cache = new CountCache<number>(60_000, 60_000, 100);
    expect(await cache.get('k', () => Promise.resolve(1))).toBe(1);
    noteChange();
    expect(await cache.get('k', () => Promise.resolve(2))).toBe(1);
  });

  it('answers with the figure before a running recount instead of waiting for it; without one, callers share it', async () => {
    const cache = new CountCache<number>(0, 60_000, 100);
    const c = counter();
    const a = cache.get('k', c.count);
    const b = cache.get('k', c.count);
    expect(c.asked).toBe(1);
    c.answer(1);
    expect([await a, await b]).toEqual([1, 1]);
    noteChange();
    const recount = cache.get('k', c.count);
    expect(await cache.get('k', c.count)).toBe(1);
    expect(c.asked).toBe(2);
    c.answer(2);
    expect(await recount).toBe(2);
  });

  it('forgets a prefix: the next caller waits for a new count, and a count started before is not kept', async () => {
    const cache = new CountCache<number>(60_000, 60_000, 100);
    const c = counter();
    const old = cache.get('t|m|r', c.count);
    cache.forget('t|m|');
    const fresh = cache.get('t|m|r', c.count);
    c.answer(1);
    c.answer(2);
    expect([await old, await fresh]).toEqual([1, 2]);
    expect(await cache.get('t|m|r', c.count)).toBe(2);
  });

  it('does not keep a failed count', async () => {
    const cache = new CountCache<number>(60_000, 60_000, 100);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', () => Promise.resolve(3))).toBe(3);
  });
});

it('takes even an unchanged figure again at its greatest age, answering with the old one meanwhile', async () => {
  const cache = new CountCache<number>(0, 300, 100);
  const c = counter();
  const first = cache.get('k', c.count);
  c.answer(1);
  expect(await first).toBe(1);
  expect(await cache.get('k', c.count)).toBe(1);
  expect(c.asked).toBe(1);
  await sleep(350);
  const recount = cache.get('k', c.count);
  expect(c.asked).toBe(2);
  expect(await cache.get('k', c.count)).toBe(1);
  c.answer(2);
  expect(await recount).toBe(2);
});
