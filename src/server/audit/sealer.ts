import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { TenantDb } from '../tenancy/tenant-db.js';
import { sealTenant } from './chain.js';
import { withoutNotingChanges } from '../db/change-count.js';

/**
 * How soon after a write its tenant is sealed, and how often every tenant is (entries written by other threads).
 * Each pass is one more transaction (on SQLite one more fsync beside the engine's group commits), so writes are
 * gathered for a few seconds: sealing every 250 ms cost a fifth of the approvals per second.
 */
const SOON_MS = 3_000;
const SWEEP_MS = 15_000;

/** Seals tenants' trails off the hot path: soon after this thread writes, and on a sweep for everything else. */
export class AuditSealer {
  private dirty = new Set<string>();
  private soon?: NodeJS.Timeout;
  private sweep?: NodeJS.Timeout;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  start() {
    this.sweep ??= setInterval(() => void this.sealAll().catch((err: unknown) => this.warn(err)), SWEEP_MS);
    this.sweep.unref();
  }

  mark(tenantId: string) {
    this.dirty.add(tenantId);
    this.soon ??= setTimeout(() => {
      this.soon = undefined;
      const list = [...this.dirty];
      this.dirty.clear();
      void this.seal(list).catch((err: unknown) => this.warn(err));
    }, SOON_MS);
    this.soon.unref();
  }

  /** Seals every tenant now (the CLI and tests call this too). */
  async sealAll(): Promise<number> {
    const tenants = await this.db.system.selectFrom('tenants').select('id').execute();
    return this.seal(tenants.map((t) => t.id));
  }

  /** One sealing at a time on this node; another node racing loses on the chain's unique index and retries later. */
  private seal(tenants: string[]): Promise<number> {
    // Sealing writes only the chain's links and queue, which no kept answer reads: it moves no change count.
    const run = this.queue.then(() =>
      withoutNotingChanges(async () => {
        let n = 0;
        for (const id of tenants) n += await sealTenant(new TenantDb(id, this.db.forTenant(id)));
        return n;
      }),
    );
    this.queue = run.catch(() => 0);
    return run;
  }

  private warn(err: unknown) {
    this.log.warn({ err }, 'audit trail sealing');
  }

  async stop() {
    clearInterval(this.sweep);
    clearTimeout(this.soon);
    await this.queue;
  }
}
