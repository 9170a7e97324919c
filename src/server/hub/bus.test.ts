import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { REDIS_URL, redisReachable, requiredOnCi } from '../../../tests/support/redis.js';
import { busKey, HUB_CHANNEL, inProcessBus, redisBus } from './bus.js';

const haveRedis = requiredOnCi(await redisReachable(), 'The bus test');

describe('hub bus keys', () => {
  it('keep tenant and user apart whatever the ids contain', () => {
    expect(busKey('a:b', 'c')).not.toBe(busKey('a', 'b:c'));
    expect(busKey('t1', 'u')).not.toBe(busKey('t2', 'u'));
    expect(busKey('t', 'line\nbreak')).not.toContain('\n');
  });

  it('hand the frame over unchanged in process', async () => {
    const bus = inProcessBus();
    const got: string[] = [];
    await bus.subscribe((key, bytes, start) => got.push(`${key}|${bytes.toString('utf8', start)}`));
    await bus.publish(busKey('t', 'u'), '{"type":1}\u001e');
    expect(got).toEqual([`${busKey('t', 'u')}|{"type":1}\u001e`]);
  });
});

describe.runIf(haveRedis)('hub bus over Redis', () => {
  const raw = new Redis(REDIS_URL);
  const a = redisBus(REDIS_URL);
  const b = redisBus(REDIS_URL);
  afterAll(async () => {
    raw.disconnect();
    await a.close();
    await b.close();
  });

  it('carries key and frame bytes between nodes and drops what is not a packet', async () => {
    // Other test processes may share this Redis and channel: only this run's tenant counts.
    const tenant = crypto.randomUUID();
    const got: Array<[string, string]> = [];
    await b.subscribe((key, bytes, start) => {
      if (key.includes(tenant)) got.push([key, bytes.toString('utf8', start)]);
    });
    const frame = `{"type":1,"target":"ReceiveNotification","arguments":[{"text":"ünïcode \\n ok"}]}\u001e`;
    await raw.publish(HUB_CHANNEL, `{"tenantId":"${tenant}","userId":"u","target":"x","args":[]}`); // old format
    await raw.publish(HUB_CHANNEL, `garbage ${tenant}\n{}`);
    await raw.publish(HUB_CHANNEL, `${busKey(tenant, 'u')}\n`); // no frame
    await a.publish(busKey(tenant, 'u\nv'), frame);
    await a.publish(busKey(tenant, 'u'), frame);
    const deadline = Date.now() + 5000;
    while (got.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual([
      [busKey(tenant, 'u\nv'), frame],
      [busKey(tenant, 'u'), frame],
    ]);
  });
});
