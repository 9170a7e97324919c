/** Spec section 4: activity is watched from 35 minutes before expiry; the dialog shows 5 minutes before. */
export const WATCH_BEFORE_MS = 35 * 60_000;
export const WARN_BEFORE_MS = 5 * 60_000;

export type SessionPhase = 'fresh' | 'watch' | 'warn' | 'expired';

/** Issued-at of a JWT, read without verifying (the server verifies; this only times the dialog). */
export function issuedAt(token: string): number | undefined {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { iat?: number };
    return payload.iat ? payload.iat * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Thresholds scale down for tokens shorter than the spec's windows (a 15-minute token would otherwise be
 * "expiring soon" from its first second): never more than half (warn) or nine tenths (watch) of the lifetime.
 */
export function thresholds(lifetimeMs: number) {
  return { watch: Math.min(WATCH_BEFORE_MS, lifetimeMs * 0.9), warn: Math.min(WARN_BEFORE_MS, lifetimeMs * 0.5) };
}

export function sessionPhase(expiresAt: number, lifetimeMs: number, now: number): SessionPhase {
  const remaining = expiresAt - now;
  const th = thresholds(lifetimeMs);
  if (remaining <= 0) return 'expired';
  if (remaining <= th.warn) return 'warn';
  if (remaining <= th.watch) return 'watch';
  return 'fresh';
}

export const countdown = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};
