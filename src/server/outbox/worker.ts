import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { TenantDb } from '../tenancy/tenant-db.js';
import type { GroupCommitter } from '../db/group-commit.js';

/** What delivers one kind of outbox entry. 'kept' means: nothing to deliver to (e.g. no SMTP configured). */
export type OutboxHandler = (
  payload: Record<string, unknown>,
  entry: {
    tenantId: string;
    key: string;
    /** The claiming transaction: writes here commit with the delivery mark. */
    tdb: TenantDb;
    /** Runs fn once that transaction has committed (pushes to open pages: never for something not stored). */
    afterCommit(fn: () => unknown): void;
  },
) => Promise<'delivered' | 'kept'>;

/** What the app holds of the outbox delivery, wherever it runs (here, or on the engine's writer thread). */
export interface OutboxRunner {
  start(): void;
  stop(): Promise<void>;
  /** One pass over every tenant's due entries now; resolves with how many were handled, once they are. */
  drain(): Promise<number>;
}

const MAX_ATTEMPTS = 8;
const BATCH = 50;
/**
 * After a full batch the worker goes straight on; after a partial one it waits a moment so that entries arriving
 * meanwhile share the next pass (each pass is a transaction, and on SQLite every commit is an fsync).
 */
const pause = (handled: number, idleMs: number) => (handled >= BATCH ? 0 : handled > 0 ? BUSY_PAUSE_MS : idleMs);
const BUSY_PAUSE_MS = 25;
const backoffMs = (attempt: number) => Math.min(1000 * 2 ** attempt, 10 * 60_000);

/**
 * Delivers due outbox entries with retries. Each batch is claimed inside a transaction of its tenant (PostgreSQL:
 * FOR UPDATE SKIP LOCKED, so several nodes share the work and no entry is taken twice); the entry is marked
 * delivered in that same transaction.
 */
export class OutboxWorker implements OutboxRunner {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private stopped = false;

  private readonly intervalMs: number;
  private readonly group?: GroupCommitter;

  /** `group` (SQLite): passes share commits with the engine's transitions instead of paying an fsync each. */
  constructor(
    private readonly db: Database,
    private readonly handlers: Record<string, OutboxHandler>,
    private readonly log: FastifyBaseLogger,
    opts: { intervalMs?: number; group?: GroupCommitter } = {},
  ) {
    this.intervalMs = opts.intervalMs ?? 500;
    this.group = opts.group;
  }

  start() {
    this.stopped = false;
    const tick = async () => {
      if (this.stopped) return;
      const handled = await this.drain().catch((err) => {
        this.log.error({ err }, 'outbox pass failed');
        return 0;
      });
      // While entries keep coming, go straight on to the next batch; poll only when there was nothing to do.
      if (!this.stopped) this.timer = setTimeout(tick, pause(handled, this.intervalMs));
    };
    this.timer = setTimeout(tick, this.intervalMs);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** One pass over every tenant's due entries; returns how many were handled. Serialized per process. */
  drain(): Promise<number> {
    const run = (this.running ?? Promise.resolve(0)).then(() => this.pass());
    this.running = run.catch(() => 0);
    return run;
  }

  private async pass(): Promise<number> {
    const tenants = await this.db.system.selectFrom('tenants').select('id').execute();
    let handled = 0;
    for (const { id } of tenants) handled += await this.passTenant(new TenantDb(id, this.db.forTenant(id)));
    return handled;
  }

  private async passTenant(tdb: TenantDb): Promise<number> {
    const after: (() => unknown)[] = [];
    const work = (tx: TenantDb) => this.deliverDue(tx, after);
    const handled = await (this.group ? this.group.run(tdb.tenantId, work) : tdb.transaction(work));
    for (const fn of after) {
      try {
        await fn();
      } catch (err) {
        this.log.warn({ err }, 'outbox: a step after delivery failed');
      }
    }
    return handled;
  }

  private async deliverDue(tx: TenantDb, after: (() => unknown)[]): Promise<number> {
    const due = await tx
      .selectFrom('outbox')
      .selectAll()
      .where('status', '=', 'pending')
      .where('available_at', '<=', new Date().toISOString())
      .orderBy('id')
      .limit(BATCH)
      .$if(this.db.dialect === 'postgres', (q) => q.forUpdate().skipLocked())
      .execute();
    // Entries handled alike are marked in one statement (the hot path delivers one notification per transition).
    const done = new Map<'delivered' | 'kept', number[]>();
    for (const e of due) {
      const handler = this.handlers[e.kind];
      try {
        if (!handler) throw new Error(`no handler for outbox kind '${e.kind}'`);
        const payload = JSON.parse(e.payload) as Record<string, unknown>;
        const outcome = await handler(payload, {
          tenantId: tx.tenantId,
          key: e.idempotency_key,
          tdb: tx,
          afterCommit: (fn) => after.push(fn),
        });
        const ids = done.get(outcome) ?? [];
        ids.push(e.id);
        done.set(outcome, ids);
      } catch (err) {
        const attempts = e.attempts + 1;
        this.log.warn({ err, kind: e.kind, key: e.idempotency_key, attempts }, 'outbox delivery failed');
        await tx
          .updateTable('outbox')
          .set({
            attempts,
            last_error: String(err instanceof Error ? err.message : err).slice(0, 500),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            available_at: new Date(Date.now() + backoffMs(attempts)).toISOString(),
          })
          .where('id', '=', e.id)
          .execute();
      }
    }
    const now = new Date().toISOString();
    for (const [status, ids] of done)
      await tx
        .updateTable('outbox')
        .set((eb) => ({ status, delivered_on: now, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', ids)
        .execute();
    return due.length;
  }
}
