import { Redis } from 'ioredis';

/** The Redis the tests use (the same one CI starts). */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function redisReachable(): Promise<boolean> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

/** Whether a test that needs `what` may run here: off a machine without it, but never skipped on CI. */
export function requiredOnCi(available: boolean, what: string): boolean {
  if (!available && process.env.CI) throw new Error(`${what} needs its services (PostgreSQL, Redis) on CI`);
  return available;
}
