import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, SchedulesTable } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';

export const scheduleById = (tdb: TenantDb, id: string) =>
  tdb.selectFrom('schedules').selectAll().where('id', '=', id).executeTakeFirst();

export const publishedVersionOf = (tdb: TenantDb, moduleId: string) =>
  tdb.selectFrom('modules').select('published_version').where('id', '=', moduleId).executeTakeFirst();

export const insertSchedule = (tdb: TenantDb, row: Omit<Insertable<SchedulesTable>, 'tenant_id'>) =>
  tdb.insertInto('schedules', row).execute();

export const updateSchedule = (tdb: TenantDb, id: string, set: Updateable<SchedulesTable>) =>
  tdb.updateTable('schedules').set(set).where('id', '=', id).execute();

/** A schedule and its runs (its lease is a system row: see scheduleLeases). */
export async function deleteSchedule(tdb: TenantDb, id: string): Promise<void> {
  await tdb.deleteFrom('schedule_runs').where('schedule_id', '=', id).execute();
  await tdb.deleteFrom('schedules').where('id', '=', id).execute();
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of schedules, newest first, with the total; `ownerId` limits them to one owner's. */
export async function pageOfSchedules(
  tdb: TenantDb,
  f: { moduleId?: string; ownerId?: string; search?: string; limit: number; offset: number },
) {
  let q = tdb.selectFrom('schedules');
  if (f.moduleId) q = q.where('module_id', '=', f.moduleId);
  if (f.ownerId) q = q.where('owner_id', '=', f.ownerId);
  if (f.search) q = q.where('name', 'like', like(f.search));
  const rows = await q
    .selectAll()
    .orderBy('created_on', 'desc')
    .orderBy('id')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

/** A page of one schedule's runs, newest first, with the total. */
export async function pageOfRuns(tdb: TenantDb, scheduleId: string, limit: number, offset: number) {
  const base = tdb.selectFrom('schedule_runs').where('schedule_id', '=', scheduleId);
  const rows = await base
    .select(['id', 'slot', 'status', 'record_id', 'message', 'created_on'])
    .orderBy('created_on', 'desc')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

/** The due time the runner polls, one system row per schedule (every tenant's, so one query finds them all). */
export interface ScheduleLeases {
  /** Sets the due time (null: not due); a held lease is left to its holder, who re-reads the schedule. */
  set(scheduleId: string, tenantId: string, due: string | null): Promise<void>;
  drop(scheduleId: string): Promise<void>;
}

export function scheduleLeases(system: Kysely<DB>): ScheduleLeases {
  return {
    async set(scheduleId, tenantId, due) {
      const r = await system
        .updateTable('schedule_leases')
        .set({ due_on: due })
        .where('schedule_id', '=', scheduleId)
        .executeTakeFirst();
      if (!Number(r.numUpdatedRows))
        await system
          .insertInto('schedule_leases')
          .values({ schedule_id: scheduleId, tenant_id: tenantId, due_on: due, lease_owner: null, lease_until: null })
          .execute();
    },
    async drop(scheduleId) {
      await system.deleteFrom('schedule_leases').where('schedule_id', '=', scheduleId).execute();
    },
  };
}
