import type { Kysely } from 'kysely';
import type { DB } from './schema.js';
import { TenantDb } from '../tenancy/tenant-db.js';

interface Job {
  tenantId: string;
  fn: (tx: TenantDb) => Promise<unknown>;
  resolve(v: unknown): void;
  reject(e: unknown): void;
}

const MAX_BATCH = 64;

/**
 * Group commit for SQLite: transitions that arrive while one commit is in flight share the next one, so one fsync
 * (synchronous=FULL) makes many of them durable. Each runs in its own savepoint in arrival order, so a failing one
 * (a 409, a refused write) rolls back alone; every caller is answered only after the shared commit, never before.
 * SQLite has one writer anyway, so running them one after another costs no concurrency.
 */
export class GroupCommitter {
  private queue: Job[] = [];
  private running = false;

  constructor(
    private readonly db: Kysely<DB>,
    /** How a job sees its savepoint (the audit bench swaps in one that skips audit inserts). */
    private readonly scope = (tenantId: string, k: Kysely<DB>) => new TenantDb(tenantId, k),
  ) {}

  run<T>(tenantId: string, fn: (tx: TenantDb) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ tenantId, fn, resolve: resolve as (v: unknown) => void, reject });
      if (this.running) return;
      this.running = true;
      // Let the requests already read in this turn of the event loop join the first batch.
      setImmediate(() => void this.drain());
    });
  }

  private async drain() {
    try {
      while (this.queue.length) await this.batch(this.queue.splice(0, MAX_BATCH));
    } finally {
      this.running = false;
    }
  }

  private async batch(jobs: Job[]) {
    const settled: { job: Job; ok: boolean; value: unknown }[] = [];
    let trx;
    try {
      trx = await this.db.startTransaction().execute();
      for (const [i, job] of jobs.entries()) {
        const name = `t${i}`;
        const sp = await trx.savepoint(name).execute();
        try {
          const value = await job.fn(this.scope(job.tenantId, sp));
          await sp.releaseSavepoint(name).execute();
          settled.push({ job, ok: true, value });
        } catch (err) {
          await sp.rollbackToSavepoint(name).execute();
          await sp.releaseSavepoint(name).execute();
          settled.push({ job, ok: false, value: err });
        }
      }
      await trx.commit().execute();
    } catch (err) {
      await trx
        ?.rollback()
        .execute()
        .catch(() => undefined);
      // Nothing of this batch is stored: every caller learns it.
      for (const j of jobs) j.reject(err);
      return;
    }
    for (const s of settled) (s.ok ? s.job.resolve : s.job.reject)(s.value);
  }
}
