import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { LeasePoller } from '../../scheduler/poller.js';
import { TenantDb } from '../../tenancy/tenant-db.js';
import { runSchedule } from './deliver.js';
import { nextDue } from './service.js';

/** How long a node may hold a schedule's run before another may take it over (a crashed node's lease expires). */
const LEASE_MS = 10 * 60_000;
const BATCH = 100;

/**
 * Mails due report schedules, with the lease pattern of automations: due times live in report_schedule_leases (a
 * system table); a node claims one with a conditional UPDATE (only if nobody holds an unexpired lease on that due
 * time), runs it inside its tenant and moves the due time on; the unique (schedule, slot) run row is the backstop.
 * A due time missed while the platform was down is mailed once (not once per missed time), then the next follows.
 */
export class ReportMailer extends LeasePoller {
  constructor(db: Database, log: FastifyBaseLogger) {
    super(db, log, 'report mailing');
  }

  protected async pass(now: Date): Promise<number> {
    const at = now.toISOString();
    const due = await this.db.system
      .selectFrom('report_schedule_leases')
      .select(['schedule_id', 'tenant_id', 'due_on'])
      .where('due_on', '<=', at)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
      .orderBy('due_on')
      .limit(BATCH)
      .execute();
    let ran = 0;
    for (const d of due) {
      try {
        const claimed = await this.db.system
          .updateTable('report_schedule_leases')
          .set({ lease_owner: this.node, lease_until: new Date(now.getTime() + LEASE_MS).toISOString() })
          .where('schedule_id', '=', d.schedule_id)
          .where('due_on', '=', d.due_on)
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) continue;
        if (await this.runOne(d.tenant_id, d.schedule_id, d.due_on!, now)) ran++;
      } catch (err) {
        this.log.error({ err, scheduleId: d.schedule_id }, 'report mailing failed');
      }
    }
    return ran;
  }

  private async runOne(tenantId: string, id: string, slot: string, now: Date): Promise<boolean> {
    const tdb = new TenantDb(tenantId, this.db.forTenant(tenantId));
    const s = await tdb.selectFrom('report_schedules').selectAll().where('id', '=', id).executeTakeFirst();
    let ran = false;
    let next: string | null = null;
    try {
      if (s?.active) ran = await runSchedule(tdb, this.db.dialect, s, slot, this.node, now);
    } finally {
      // Read again: an edit or a pause during the run decides what comes next.
      const fresh = await tdb
        .selectFrom('report_schedules')
        .select(['active', 'cron', 'time_zone'])
        .where('id', '=', id)
        .executeTakeFirst();
      next = fresh?.active ? nextDue(fresh.cron, fresh.time_zone, now) : null;
      if (fresh) await tdb.updateTable('report_schedules').set({ next_run_on: next }).where('id', '=', id).execute();
      await this.release(id, slot, next);
    }
    return ran;
  }

  /** Hands the schedule back with its next due time, unless an edit moved the due time while it ran. */
  private async release(id: string, claimed: string, next: string | null) {
    await this.db.system
      .updateTable('report_schedule_leases')
      .set({
        due_on: sql<string | null>`case when due_on = ${claimed} then ${next} else due_on end`,
        lease_owner: null,
        lease_until: null,
      })
      .where('schedule_id', '=', id)
      .where('lease_owner', '=', this.node)
      .execute();
  }
}
