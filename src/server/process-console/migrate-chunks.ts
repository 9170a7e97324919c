import type { FastifyBaseLogger } from 'fastify';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { inTransaction } from '../engine/write.js';
import { migrateBatch } from '../engine/migrate-batch.js';
import type { JobParams } from './jobs.js';

/** Records per transaction: big enough to save round trips, small enough that approvals never wait long. */
export const CHUNK = 250;
/** Chunks in flight at once (a job's batch is this many chunks). */
export const IN_FLIGHT = 2;

/**
 * Migrates a job's batch in short transactions of CHUNK records each (engine/migrate-batch.ts). Answers how many were
 * done and which the one-by-one path must take: those changed since the job read them, those the batch could not
 * plan, and a whole chunk whose transaction failed (rolled back, so nothing of it was written).
 */
export async function migrateChunks(
  tdb: TenantDb,
  user: AuthUser,
  records: { id: string; version: number }[],
  params: JobParams,
  log: FastifyBaseLogger,
): Promise<{ done: number; retry: string[] }> {
  let done = 0;
  const retry: string[] = [];
  const one = async (part: { id: string; version: number }[]) => {
    try {
      const out = await inTransaction(tdb, (tx) =>
        migrateBatch(tx, user, { records: part, message: params.message, mapping: params.mapping }),
      );
      done += out.done.length;
      retry.push(...out.retry);
    } catch (err) {
      log.warn({ err }, 'process console migration chunk failed; migrating its records one by one');
      retry.push(...part.map((r) => r.id));
    }
  };
  // Chunks hold disjoint records (and so disjoint tasks and instances): two at once overlap their round trips.
  for (let i = 0; i < records.length; i += CHUNK * IN_FLIGHT) {
    const parts: Promise<void>[] = [];
    for (let j = i; j < Math.min(records.length, i + CHUNK * IN_FLIGHT); j += CHUNK)
      parts.push(one(records.slice(j, j + CHUNK)));
    await Promise.all(parts);
  }
  return { done, retry };
}
