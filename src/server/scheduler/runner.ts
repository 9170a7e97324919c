import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { LeasePoller } from './poller.js';
import { TenantDb } from '../tenancy/tenant-db.js';
import { inTransaction } from '../engine/actions.js';
import { createRecordAs, ownerWhoMayCreate } from '../records/create-as.js';
import { HttpError } from '../http/errors.js';
import { nextCronRun } from './cron.js';

/** How long a node may hold a schedule before another node may take it over (a crashed node's lease expires). */
const LEASE_MS = 5 * 60_000;

export interface ScheduleRow {
  id: string;
  module_id: string;
  cron: string;
  time_zone: string;
  data: string;
  submit: number;
  status: string;
  owner_id: string;
}

export function nextDue(s: Pick<ScheduleRow, 'cron' | 'time_zone'>, after: Date): string | null {
  return nextCronRun(s.cron, s.time_zone, after)?.toISOString() ?? null;
}

/**
 * Runs due schedules. Due times live in schedule_leases (a system table, so one query finds every tenant's);
 * a node takes a schedule with a conditional UPDATE (only if nobody holds an unexpired lease on that due time),
 * runs it inside the tenant, and moves the due time on. The unique (schedule, slot) run row is the backstop:
 * even a node whose lease expired mid-run cannot create a second record for the same slot.
 */
export class Scheduler extends LeasePoller {
  constructor(db: Database, log: FastifyBaseLogger) {
    super(db, log, 'scheduler');
  }

  protected async pass(now: Date): Promise<number> {
    const at = now.toISOString();
    const due = await this.db.system
      .selectFrom('schedule_leases')
      .select(['schedule_id', 'tenant_id', 'due_on'])
      .where('due_on', '<=', at)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
      .orderBy('due_on')
      .limit(100)
      .execute();
    let ran = 0;
    for (const d of due) {
      const claimed = await this.db.system
        .updateTable('schedule_leases')
        .set({ lease_owner: this.node, lease_until: new Date(now.getTime() + LEASE_MS).toISOString() })
        .where('schedule_id', '=', d.schedule_id)
        .where('due_on', '=', d.due_on)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      try {
        if (await this.runOne(new TenantDb(d.tenant_id, this.db.forTenant(d.tenant_id)), d.schedule_id, d.due_on!, now))
          ran++;
      } catch (err) {
        this.log.error({ err, scheduleId: d.schedule_id }, 'schedule run failed');
      }
    }
    return ran;
  }

  private async runOne(tdb: TenantDb, scheduleId: string, slot: string, now: Date): Promise<boolean> {
    const s = await tdb.selectFrom('schedules').selectAll().where('id', '=', scheduleId).executeTakeFirst();
    if (!s || s.status !== 'Active') {
      await this.release(scheduleId, null);
      return false;
    }
    let made = false;
    let message: string | null = null;
    let recordId: string | null = null;
    try {
      recordId = await inTransaction(tdb, async (tx) => {
        // The slot row first: a second node reaching the same slot fails here and creates nothing.
        await tx
          .insertInto('schedule_runs', {
            id: crypto.randomUUID(),
            schedule_id: s.id,
            slot,
            status: 'Running',
            record_id: null,
            message: null,
            node: this.node,
            created_on: now.toISOString(),
          })
          .execute();
        const id = await this.createRecord(tx, s);
        await tx
          .updateTable('schedule_runs')
          .set({ status: 'Succeeded', record_id: id })
          .where('schedule_id', '=', s.id)
          .where('slot', '=', slot)
          .execute();
        return id;
      });
      made = true;
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      const duplicate = code === '23505' || code.startsWith('SQLITE_CONSTRAINT');
      if (duplicate) {
        this.log.info({ scheduleId, slot }, 'schedule slot already ran');
      } else {
        message = err instanceof Error ? err.message : String(err);
        // A refusal (the owner may no longer create records of the app, the values no longer fit) is the schedule's
        // problem, not the node's: it is logged and kept in the run history, and the next slot is tried as usual.
        if (err instanceof HttpError) this.log.warn({ scheduleId, slot, reason: message }, 'schedule run refused');
        else this.log.error({ err, scheduleId, slot }, 'schedule run failed');
        await tdb
          .insertInto('schedule_runs', {
            id: crypto.randomUUID(),
            schedule_id: s.id,
            slot,
            status: 'Failed',
            record_id: null,
            message: message.slice(0, 1000),
            node: this.node,
            created_on: now.toISOString(),
          })
          .execute()
          .catch(() => undefined);
      }
    }
    // Missed slots (the app was down) are not replayed one by one: the next run is the first one after now.
    // The schedule is read again: a pause or an edit during the run decides what comes next.
    const fresh = await tdb
      .selectFrom('schedules')
      .select(['status', 'cron', 'time_zone'])
      .where('id', '=', s.id)
      .executeTakeFirst();
    const next = fresh && fresh.status === 'Active' ? nextDue(fresh, now) : null;
    await tdb
      .updateTable('schedules')
      .set({ last_run_on: now.toISOString(), next_run_on: next })
      .where('id', '=', s.id)
      .execute();
    await this.release(scheduleId, next);
    if (made) this.log.info({ scheduleId, slot, recordId }, 'schedule ran');
    return made;
  }

  private async release(scheduleId: string, next: string | null) {
    await this.db.system
      .updateTable('schedule_leases')
      .set({ due_on: next, lease_owner: null, lease_until: null })
      .where('schedule_id', '=', scheduleId)
      .where('lease_owner', '=', this.node)
      .execute();
  }

  /** A record in the schedule owner's name (who must still be active and allowed to create records of the app). */
  private async createRecord(tx: TenantDb, s: ScheduleRow): Promise<string> {
    const user = await ownerWhoMayCreate(tx, s.owner_id, s.module_id, 'schedule');
    return createRecordAs(tx, user, s.module_id, JSON.parse(s.data) as Record<string, unknown>, !!s.submit);
  }
}
