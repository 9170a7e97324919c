import { describe, expect, it } from 'vitest';
import { MAX_RECONNECTS, taskHubRetryPolicy } from './retry-policy';

const next = (previousRetryCount: number) =>
  taskHubRetryPolicy.nextRetryDelayInMilliseconds({
    previousRetryCount,
    elapsedMilliseconds: 0,
    retryReason: new Error('lost'),
  });

describe('task hub retry policy', () => {
  it('waits min(1000 × 2^n, 10000) ms before each of the 10 tries', () => {
    const delays = Array.from({ length: MAX_RECONNECTS }, (_, n) => next(n));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 10000, 10000, 10000, 10000, 10000, 10000]);
  });

  it('gives up after 10 tries', () => {
    expect(next(10)).toBeNull();
    expect(next(11)).toBeNull();
  });
});
