import crypto from 'node:crypto';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { randomToken, sha256 } from './keys.js';

export const MFA_TTL_MS = 3 * 60_000;
export const MACHINE_TTL_MS = 25 * 86_400_000;
export const MAX_MFA_FAILURES = 5;

type Purpose = 'mfa' | 'reset' | 'machine' | 'sso';

/** Stores a one-time secret (only its hash) for a user and returns the secret. */
export async function createChallenge(tdb: TenantDb, userId: string, purpose: Purpose, ttlMs: number): Promise<string> {
  const secret = randomToken();
  const now = Date.now();
  await tdb
    .insertInto('auth_challenges', {
      id: crypto.randomUUID(),
      user_id: userId,
      purpose,
      secret_hash: sha256(secret),
      failures: 0,
      expires_on: new Date(now + ttlMs).toISOString(),
      used_on: null,
      created_on: new Date(now).toISOString(),
    })
    .execute();
  return secret;
}

/** A live (unexpired, unused) challenge for the secret, or undefined. */
export async function findChallenge(tdb: TenantDb, secret: string | undefined, purpose: Purpose) {
  if (!secret) return undefined;
  const row = await tdb
    .selectFrom('auth_challenges')
    .selectAll()
    .where('secret_hash', '=', sha256(secret))
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (!row || row.used_on || row.expires_on < new Date().toISOString()) return undefined;
  return row;
}

/** Marks a challenge used; false when someone else used it first (a one-time secret works once). */
export async function consumeChallenge(tdb: TenantDb, id: string): Promise<boolean> {
  const r = await tdb
    .updateTable('auth_challenges')
    .set({ used_on: new Date().toISOString() })
    .where('id', '=', id)
    .where('used_on', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function countFailure(tdb: TenantDb, id: string, failures: number): Promise<boolean> {
  const ended = failures + 1 >= MAX_MFA_FAILURES;
  await tdb
    .updateTable('auth_challenges')
    .set({ failures: failures + 1, ...(ended ? { used_on: new Date().toISOString() } : {}) })
    .where('id', '=', id)
    .execute();
  return ended;
}
