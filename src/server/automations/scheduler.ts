import crypto from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { TenantDb } from '../tenancy/tenant-db.js';
import { runAutomation } from './run.js';
import type { Step, Trigger } from './schemas.js';
import { nextDue } from './timing.js';

/** How long a node may hold an automation's run before another node may take it over (a crashed node's lease). */
const LEASE_MS = 10 * 60_000;
/** Later than this after its time, a run counts as missed (the platform was down): the misfire policy decides. */
const MISFIRE_GRACE_MS = 60_000;
/** Runs started at once by one node; the rest wait their turn within the same pass. */
const PARALLEL = 10;
const BATCH = 500;

/**
 * Runs due automations. Due times live in automation_leases (a system table, so one query finds every tenant's);
 * a node takes one with a conditional UPDATE (only if nobody holds an unexpired lease on that due time), runs it
 * inside its tenant and moves the due time on; the unique (automation, slot) run row is the backstop. Missed slots
 * are not replayed one by one: 'once' runs the missed time once, 'skip' waits for the next.
 */
export class AutomationScheduler {
  readonly node = `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(intervalMs: number): void {
    this.timer = setInterval(
      () => void this.tick().catch((err: unknown) => this.log.error({ err }, 'automation tick failed')),
      intervalMs,
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass: runs every automation due at `now`; answers how many runs this node made. */
  tick(now = new Date()): Promise<number> {
    const p = (this.running ?? Promise.resolve(0)).catch(() => 0).then(() => this.pass(now));
    this.running = p;
    return p;
  }

  private async pass(now: Date): Promise<number> {
    const at = now.toISOString();
    const due = await this.db.system
      .selectFrom('automation_leases')
      .select(['automation_id', 'tenant_id', 'due_on'])
      .where('due_on', '<=', at)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
      .orderBy('due_on')
      .limit(BATCH)
      .execute();
    if (!due.length) return 0;
    const tenants = new Map(
      (await this.db.system.selectFrom('tenants').select(['id', 'allow_private_egress']).execute()).map((t) => [
        t.id,
        t.allow_private_egress === 1,
      ]),
    );
    let ran = 0;
    const queue = [...due];
    const worker = async () => {
      for (let d = queue.shift(); d; d = queue.shift()) {
        // One automation's trouble (a lost claim, a failed run) never stops the others of the pass.
        try {
          const claimed = await this.db.system
            .updateTable('automation_leases')
            .set({ lease_owner: this.node, lease_until: new Date(now.getTime() + LEASE_MS).toISOString() })
            .where('automation_id', '=', d.automation_id)
            .where('due_on', '=', d.due_on)
            .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) !== 1) continue;
          const tdb = new TenantDb(d.tenant_id, this.db.forTenant(d.tenant_id));
          if (await this.runOne(tdb, d.automation_id, d.due_on!, now, tenants.get(d.tenant_id) ?? false)) ran++;
        } catch (err) {
          this.log.error({ err, automationId: d.automation_id }, 'automation run failed');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, due.length) }, worker));
    return ran;
  }

  private async runOne(tdb: TenantDb, id: string, slot: string, now: Date, allowPrivate: boolean) {
    const a = await tdb.selectFrom('automations').selectAll().where('id', '=', id).executeTakeFirst();
    if (!a || !a.active) {
      await this.release(id, null);
      return false;
    }
    const missed = now.getTime() - new Date(slot).getTime() > MISFIRE_GRACE_MS;
    let ran = false;
    if (!missed || a.misfire === 'once') {
      const run = await runAutomation(tdb, a, JSON.parse(a.steps) as Step[], {
        trigger: 'schedule',
        slot,
        node: this.node,
        allowPrivate,
        log: this.log,
        now,
      });
      ran = run !== null;
    } else this.log.info({ automationId: id, slot }, 'missed automation run skipped');
    // Read again: a pause or an edit during the run decides what comes next.
    const fresh = await tdb
      .selectFrom('automations')
      .select(['active', 'trigger'])
      .where('id', '=', id)
      .executeTakeFirst();
    const next = fresh?.active ? nextDue(JSON.parse(fresh.trigger) as Trigger, now) : null;
    await tdb.updateTable('automations').set({ next_run_on: next }).where('id', '=', id).execute();
    await this.release(id, next);
    return ran;
  }

  private async release(id: string, next: string | null) {
    await this.db.system
      .updateTable('automation_leases')
      .set({ due_on: next, lease_owner: null, lease_until: null })
      .where('automation_id', '=', id)
      .where('lease_owner', '=', this.node)
      .execute();
  }
}
