import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import { LeasePoller } from '../scheduler/poller.js';
import type { DB } from '../db/schema.js';
import { TenantDb } from '../tenancy/tenant-db.js';
import { runAutomation } from './run.js';
import type { Step, Trigger } from './schemas.js';
import { nextDue } from './timing.js';
import { resumeDueRuns } from './waits.js';
import { authUserOf } from '../identity/user-info.js';
import { recordFor } from '../webhooks/fanout.js';
import type { EventOrigin } from './origin.js';

/** Queued record events one node runs per automation and pass; more make it due again at once. */
const EVENTS_PER_PASS = 100;

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
export class AutomationScheduler extends LeasePoller {
  constructor(db: Database, log: FastifyBaseLogger) {
    super(db, log, 'automation');
  }

  protected async pass(now: Date): Promise<number> {
    // Due automations first, then the waiting runs whose time has come (the wait step).
    const ran = await this.runDue(now);
    return ran + (await resumeDueRuns(this.db, this.node, this.log, now));
  }

  private async runDue(now: Date): Promise<number> {
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
      await this.release(id, slot, null);
      return false;
    }
    if ((JSON.parse(a.trigger) as Trigger).kind === 'record') return this.runEvents(tdb, a, slot, now, allowPrivate);
    const missed = now.getTime() - new Date(slot).getTime() > MISFIRE_GRACE_MS;
    let ran = false;
    if (!missed || a.misfire === 'once') {
      const run = await runAutomation(tdb, a, JSON.parse(a.steps) as Step[], {
        trigger: 'schedule',
        slot,
        node: this.node,
        allowPrivate,
        log: this.log,
        system: this.db.system,
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
    await this.release(id, slot, next);
    return ran;
  }

  /**
   * Runs the record events queued for an automation, oldest first, one run each (slot: record, version and event,
   * so a node that dies mid-way never runs one twice), each with the record as the owner may see it under
   * `run.record`. A queued row goes once its run is written.
   */
  private async runEvents(
    tdb: TenantDb,
    a: Selectable<DB['automations']>,
    slot: string,
    now: Date,
    allowPrivate: boolean,
  ) {
    const queued = await tdb
      .selectFrom('automation_events')
      .selectAll()
      .where('automation_id', '=', a.id)
      .orderBy('created_on')
      .limit(EVENTS_PER_PASS + 1)
      .execute();
    const owner = await tdb.selectFrom('users').selectAll().where('id', '=', a.owner_id).executeTakeFirst();
    const steps = JSON.parse(a.steps) as Step[];
    let ran = 0;
    for (const q of queued.slice(0, EVENTS_PER_PASS)) {
      const r = await tdb.selectFrom('records').selectAll().where('id', '=', q.record_id).executeTakeFirst();
      const seen =
        owner && r ? await recordFor(tdb, authUserOf(owner, tdb.tenantId), { recordId: r.id }, r) : undefined;
      // Nothing to tell an owner who may not open the record: no run, as a webhook would not deliver.
      if (seen) {
        const run = await runAutomation(tdb, a, steps, {
          trigger: 'record',
          slot: `record:${q.record_id}:${q.version}:${q.event}`,
          node: this.node,
          allowPrivate,
          log: this.log,
          system: this.db.system,
          now,
          context: { event: q.event, actorId: q.actor_id, record: { ...seen, moduleId: q.module_id } },
          origin: q.origin ? (JSON.parse(q.origin) as EventOrigin) : undefined,
        });
        if (run) ran++;
      }
      await tdb.deleteFrom('automation_events').where('id', '=', q.id).execute();
    }
    await this.release(a.id, slot, queued.length > EVENTS_PER_PASS ? now.toISOString() : null);
    return ran > 0;
  }

  /** Hands the automation back with its next due time, unless someone changed the due time while it ran. */
  private async release(id: string, claimed: string, next: string | null) {
    await this.db.system
      .updateTable('automation_leases')
      .set({
        due_on: sql<string | null>`case when due_on = ${claimed} then ${next} else due_on end`,
        lease_owner: null,
        lease_until: null,
      })
      .where('automation_id', '=', id)
      .where('lease_owner', '=', this.node)
      .execute();
  }
}
