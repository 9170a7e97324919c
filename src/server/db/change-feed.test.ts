import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { REDIS_URL } from '../../../tests/support/redis.js';
import { changeCount, noteChange, resultsReusable } from './change-count.js';
import { CHANGE_CHANNEL, startChangeFeed } from './change-feed.js';

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  return ok();
};

describe('change feed over Redis', () => {
  const raw = new Redis(REDIS_URL);
  const listener = new Redis(REDIS_URL);
  const feed = startChangeFeed(REDIS_URL, pino({ level: 'silent' }));
  afterAll(() => {
    feed.close();
    raw.disconnect();
    listener.disconnect();
  });

  it('reuses nothing until it hears other nodes, then moves the count when another node changes something', async () => {
    expect(await until(resultsReusable)).toBe(true);
    const before = changeCount();
    await raw.publish(CHANGE_CHANNEL, 'another-node');
    expect(await until(() => changeCount() > before)).toBe(true);
  });

  it('tells other nodes once per turn of the event loop, however many changes it made', async () => {
    const heard: string[] = [];
    listener.on('message', (_c: string, m: string) => heard.push(m));
    await listener.subscribe(CHANGE_CHANNEL);
    for (let i = 0; i < 5; i++) noteChange();
    expect(await until(() => heard.includes(feed.node))).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    // Other suites' nodes may publish on the channel too: count this node's notices only.
    expect(heard.filter((m) => m === feed.node)).toHaveLength(1);
  });
});
