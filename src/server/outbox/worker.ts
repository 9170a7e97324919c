import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { TenantDb } from '../tenancy/tenant-db.js';

/** What delivers one kind of outbox entry. 'kept' means: nothing to deliver to (e.g. no SMTP configured). */
export type OutboxHandler = (
  payload: Record<string, unknown>,
  entry: { tenantId: string; key: string; /** the claiming transaction: writes here commit with the delivery mark */ tdb: TenantDb },
) => Promise<'delivered' | 'kept'>;

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
export class OutboxWorker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly handlers: Record<string, OutboxHandler>,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 500,
  ) {}

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
    const pg = this.db.dialect === 'postgres';
    return tdb.transaction(async (tx) => {
      const due = await tx
        .selectFrom('outbox')
        .selectAll()
        .where('status', '=', 'pending')
        .where('available_at', '<=', new Date().toISOString())
        .orderBy('id')
        .limit(BATCH)
        .$if(pg, (q) => q.forUpdate().skipLocked())
        .execute();
      for (const e of due) {
        const handler = this.handlers[e.kind];
        const now = new Date().toISOString();
        try {
          if (!handler) throw new Error(`no handler for outbox kind '${e.kind}'`);
          const outcome = await handler(JSON.parse(e.payload) as Record<string, unknown>, { tenantId: tx.tenantId, key: e.idempotency_key, tdb: tx });
          await tx.updateTable('outbox').set({ status: outcome, delivered_on: now, attempts: e.attempts + 1 }).where('id', '=', e.id).execute();
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
      return due.length;
    });
  }
}
