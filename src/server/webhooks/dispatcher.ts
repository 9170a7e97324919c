import crypto from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { TenantDb } from '../tenancy/tenant-db.js';
import { EgressError, egressFetch } from '../egress/fetch.js';
import { deliveryHeaders } from './sign.js';
import { recordAttempts, type Attempt } from './outcomes.js';

export interface DispatcherOptions {
  /** Wait before each attempt: [first, after 1st failure, ...]; the delivery gives up after the last. */
  delaysMs: number[];
  pollMs: number;
  /** Deliveries in flight on this node at most, and per webhook (a dead endpoint cannot take every slot). */
  concurrency: number;
  perWebhook: number;
  /** An endpoint failing this long is turned off and its owner told. */
  disableAfterMs: number;
}

const LEASE_MS = 60_000;
/** A 2xx within this counts as delivered (spec: 15 s). */
const TIMEOUT_MS = 15_000;
const EXCERPT = 500;

interface Hook {
  id: string;
  name: string;
  url: string;
  secret: string | null;
}
interface Claimed {
  id: string;
  webhook_id: string;
  event: string;
  record_id: string | null;
  payload: string;
  attempts: number;
}

/**
 * Sends due webhook deliveries, outside any transaction. A node claims a batch by setting a lease on the rows (in a
 * short transaction; PostgreSQL skips rows other nodes hold), sends each through the egress module, and records the
 * outcomes in batches. A node that dies mid-send leaves its lease to expire, and another node sends again with the
 * same webhook-id, which is how receivers recognise a repeat.
 */
export class WebhookDispatcher {
  readonly node = `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  private timer?: NodeJS.Timeout;
  private stopped = true;
  private inFlight = 0;
  private readonly perHook = new Map<string, number>();
  private readonly sending = new Set<Promise<void>>();
  private results: Attempt[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private ticking?: Promise<number>;

  constructor(
    private readonly db: Database,
    private readonly openHookSecret: (tenantId: string, id: string, sealed: string) => string,
    private readonly log: FastifyBaseLogger,
    readonly opts: DispatcherOptions,
  ) {}

  start(): void {
    this.stopped = false;
    const loop = async () => {
      if (this.stopped) return;
      const claimed = await this.tick().catch((err: unknown) => {
        this.log.error({ err }, 'webhook dispatch failed');
        return 0;
      });
      // Straight on while there is work; a short wait while sends are out (their slots free up); else the poll.
      if (!this.stopped) this.timer = setTimeout(loop, claimed ? 0 : this.inFlight ? 10 : this.opts.pollMs);
    };
    this.timer = setTimeout(loop, this.opts.pollMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.ticking?.catch(() => 0);
    await Promise.allSettled([...this.sending]);
    await this.flush();
  }

  /** Sends everything due now and records it (tests; retries due later stay for later). Returns how many were sent. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.tick();
      await Promise.allSettled([...this.sending]);
      await this.flush();
      if (!n && !this.inFlight) return total;
      total += n;
    }
  }

  /** One claim over every tenant with webhooks; resolves with how many deliveries it started. */
  tick(): Promise<number> {
    const run = (this.ticking ?? Promise.resolve(0)).catch(() => 0).then(() => this.claimAll());
    this.ticking = run;
    return run;
  }

  private async claimAll(): Promise<number> {
    const tenants = await this.db.system
      .selectFrom('webhook_tenants')
      .innerJoin('tenants', 'tenants.id', 'webhook_tenants.tenant_id')
      .select(['webhook_tenants.tenant_id', 'tenants.allow_private_egress'])
      .execute();
    let started = 0;
    for (const t of tenants) {
      const free = this.opts.concurrency - this.inFlight;
      if (free <= 0) break;
      const tdb = new TenantDb(t.tenant_id, this.db.forTenant(t.tenant_id));
      const { hooks, rows } = await this.claim(tdb, free);
      for (const row of rows) {
        const hook = hooks.get(row.webhook_id)!;
        this.send(tdb.tenantId, hook, row, t.allow_private_egress === 1);
      }
      started += rows.length;
    }
    return started;
  }

  /** Takes due deliveries of active webhooks not already at their share of slots, under a lease of this node. */
  private async claim(tdb: TenantDb, limit: number) {
    const now = new Date();
    const hooks = new Map<string, Hook>();
    const active = await tdb
      .selectFrom('webhooks')
      .select(['id', 'name', 'url', 'secret'])
      .where('active', '=', 1)
      .execute();
    for (const h of active)
      if ((this.perHook.get(h.id) ?? 0) < this.opts.perWebhook)
        hooks.set(h.id, {
          id: h.id,
          name: h.name,
          url: h.url,
          secret: h.secret ? this.openHookSecret(tdb.tenantId, h.id, h.secret) : null,
        });
    if (!hooks.size) return { hooks, rows: [] as Claimed[] };
    // Per webhook, up to its free slots: a webhook with a long queue (a dead endpoint) costs the others nothing.
    const rows = await tdb.transaction(async (tx) => {
      const mine: Claimed[] = [];
      for (const hookId of hooks.keys()) {
        const room = Math.min(limit - mine.length, this.opts.perWebhook - (this.perHook.get(hookId) ?? 0));
        if (room <= 0) continue;
        const due = await tx
          .selectFrom('webhook_deliveries')
          .select(['id', 'webhook_id', 'event', 'record_id', 'payload', 'attempts'])
          .where('webhook_id', '=', hookId)
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', now.toISOString())
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now.toISOString())]))
          .orderBy('next_attempt_at')
          .limit(room)
          .$if(this.db.dialect === 'postgres', (q) => q.forUpdate().skipLocked())
          .execute();
        mine.push(...due);
      }
      if (mine.length)
        await tx
          .updateTable('webhook_deliveries')
          .set({ lease_until: new Date(now.getTime() + LEASE_MS).toISOString() })
          .where(
            'id',
            'in',
            mine.map((d) => d.id),
          )
          .execute();
      return mine;
    });
    return { hooks, rows };
  }

  private send(tenantId: string, hook: Hook, d: Claimed, allowPrivate: boolean) {
    this.inFlight++;
    this.perHook.set(hook.id, (this.perHook.get(hook.id) ?? 0) + 1);
    const t0 = performance.now();
    const work = (async () => {
      let a: Omit<Attempt, 'tenantId' | 'durationMs' | 'at' | 'hook'>;
      try {
        const res = await egressFetch(
          new URL(hook.url),
          { method: 'POST', headers: deliveryHeaders(d.id, d.payload, hook.secret), body: d.payload },
          { allowPrivate, log: this.log, timeoutMs: TIMEOUT_MS, maxBytes: 64 * 1024, maxRedirects: 0 },
        );
        const text = await res.text().catch(() => '');
        const ok = res.status >= 200 && res.status < 300;
        a = {
          delivery: d,
          ok,
          status: res.status,
          excerpt: text.slice(0, EXCERPT),
          error: ok ? null : `The endpoint answered ${res.status}.`,
        };
      } catch (err) {
        const refused = err instanceof EgressError && err.code === 'refused';
        a = { delivery: d, ok: false, status: null, excerpt: null, error: errorText(err), refused };
      }
      this.results.push({
        ...a,
        hook: { name: hook.name, url: hook.url },
        tenantId,
        durationMs: Math.round(performance.now() - t0),
        at: new Date().toISOString(),
      });
    })().finally(() => {
      this.inFlight--;
      this.perHook.set(hook.id, (this.perHook.get(hook.id) ?? 1) - 1);
      this.sending.delete(work);
      this.scheduleFlush();
    });
    this.sending.add(work);
  }

  private flushTimer?: NodeJS.Timeout;
  /** Outcomes are written in batches: one transaction per tenant for whatever finished meanwhile. */
  private scheduleFlush() {
    if (this.results.length >= 200) void this.flush();
    else this.flushTimer ??= setTimeout(() => void this.flush(), 20);
  }

  private flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const batch = this.results;
    this.results = [];
    this.flushing = this.flushing.then(async () => {
      if (!batch.length) return;
      await recordAttempts(this.db, batch, this.opts).catch((err: unknown) =>
        this.log.error({ err }, 'webhook outcomes could not be recorded'),
      );
    });
    return this.flushing;
  }
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, EXCERPT);
