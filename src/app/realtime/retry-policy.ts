import type { IRetryPolicy, RetryContext } from '@microsoft/signalr';

/** Spec: the task hub reconnects up to 10 times, waiting min(1000 × 2^n, 10000) ms before try n (from 0). */
export const MAX_RECONNECTS = 10;

export const reconnectDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 10_000);

export const taskHubRetryPolicy: IRetryPolicy = {
  nextRetryDelayInMilliseconds: ({ previousRetryCount }: RetryContext) =>
    previousRetryCount >= MAX_RECONNECTS ? null : reconnectDelay(previousRetryCount),
};
