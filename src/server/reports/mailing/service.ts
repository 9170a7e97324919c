import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { AuthUser } from '../../identity/user-info.js';
import { authUserOf } from '../../identity/user-info.js';
import type { TenantDb } from '../../tenancy/tenant-db.js';
import { isAdmin } from '../../access/index.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { CronError, compileCron, isTimeZone, nextCronRun } from '../../scheduler/cron.js';
import { getReport } from '../service.js';
import type { Recipients, Schedule, ScheduleBody, Timing } from './schemas.js';

type Row = Selectable<DB['report_schedules']>;
export type ScheduleRow = Row;

/** An address a mail header can carry as is: no line breaks, commas, quotes or angle brackets (header injection). */
const ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** The cron expression a preset stands for. */
export function cronOf(t: Timing): string {
  if (t.kind === 'cron') return t.cron.trim();
  const [h, m] = t.time.split(':').map(Number) as [number, number];
  if (h > 23 || m > 59) throw badRequest(`Time '${t.time}' is not a time of day (00:00 to 23:59).`);
  if (t.kind === 'daily') return `${m} ${h} * * *`;
  if (t.kind === 'weekly') return `${m} ${h} * * ${t.weekday}`;
  return `${m} ${h} ${t.day} * *`;
}

export function nextDue(cron: string, timeZone: string, after: Date): string | null {
  return nextCronRun(cron, timeZone, after)?.toISOString() ?? null;
}

/** The schedule's owner may edit the report (its owner or an administrator); anyone else may not schedule it. */
async function assertMayEdit(tdb: TenantDb, user: AuthUser, reportId: string) {
  const report = await getReport(tdb, user, reportId);
  if (!report.editable) throw forbidden('Only who may change this report may schedule it.');
  return report;
}

/** Tenant users who may open the report, or (administrators only) plain addresses without header tricks. */
async function checkRecipients(tdb: TenantDb, user: AuthUser, reportId: string, r: Recipients): Promise<Recipients> {
  const users = [...new Set(r.users)];
  const emails = [...new Set(r.emails.map((e) => e.trim()))];
  if (!users.length && !emails.length) throw badRequest('Add at least one recipient.');
  if (emails.length && !isAdmin(user)) throw forbidden('Only administrators may mail reports to other addresses.');
  for (const e of emails)
    if (!ADDRESS.test(e)) throw badRequest(`'${e.replace(/[\r\n]/g, ' ')}' is not an e-mail address.`);
  if (users.length) {
    const rows = await tdb.selectFrom('users').selectAll().where('id', 'in', users).execute();
    for (const id of users) {
      const u = rows.find((x) => x.id === id);
      if (!u || u.status !== 'active') throw badRequest(`Unknown user '${id}'.`);
      // A report mailed as its owner must not reach someone the report is not shared with.
      if (!isAdmin(user))
        await getReport(tdb, authUserOf(u, tdb.tenantId), reportId).catch(() => {
          throw badRequest(`${u.fullname || u.username} may not open this report.`);
        });
    }
  }
  return { users, emails };
}

export async function toSchedule(tdb: TenantDb, r: Row): Promise<Schedule> {
  const runs = await tdb
    .selectFrom('report_schedule_runs')
    .selectAll()
    .where('schedule_id', '=', r.id)
    .orderBy('started_on', 'desc')
    .limit(10)
    .execute();
  return {
    id: r.id,
    reportId: r.report_id,
    ownerId: r.owner_id,
    name: r.name,
    cron: r.cron,
    timeZone: r.time_zone,
    recipients: JSON.parse(r.recipients) as Recipients,
    parameters: JSON.parse(r.parameters) as Schedule['parameters'],
    format: r.format as Schedule['format'],
    active: r.active === 1,
    nextRunOn: r.next_run_on,
    lastError: r.last_error,
    runs: runs.map((x) => ({
      id: x.id,
      startedOn: x.started_on,
      durationMs: Number(x.duration_ms),
      rows: Number(x.row_count),
      recipients: Number(x.recipients),
      error: x.error,
    })),
  };
}

export async function listSchedules(tdb: TenantDb, user: AuthUser, reportId: string): Promise<Schedule[]> {
  const report = await getReport(tdb, user, reportId);
  const rows = await tdb
    .selectFrom('report_schedules')
    .selectAll()
    .where('report_id', '=', reportId)
    // Who may edit the report sees every schedule of it; anyone else only their own.
    .$if(!report.editable, (q) => q.where('owner_id', '=', user.id))
    .orderBy('created_on')
    .execute();
  return Promise.all(rows.map((r) => toSchedule(tdb, r)));
}

/** The lease row the poller reads (a system table: one query finds every tenant's due schedules). */
async function setLease(system: Kysely<DB>, tenantId: string, id: string, due: string | null) {
  await system
    .insertInto('report_schedule_leases')
    .values({ schedule_id: id, tenant_id: tenantId, due_on: due, lease_owner: null, lease_until: null })
    .onConflict((oc) => oc.column('schedule_id').doUpdateSet({ due_on: due }))
    .execute();
}

export async function saveSchedule(
  tdb: TenantDb,
  system: Kysely<DB>,
  user: AuthUser,
  reportId: string,
  body: ScheduleBody,
  scheduleId?: string,
): Promise<Schedule> {
  await assertMayEdit(tdb, user, reportId);
  const cron = cronOf(body.timing);
  if (!isTimeZone(body.timeZone))
    throw badRequest(`Time zone '${body.timeZone}' is not a time zone (such as Europe/London).`);
  try {
    compileCron(cron, body.timeZone);
  } catch (err) {
    if (err instanceof CronError) throw badRequest(`Schedule is not valid: ${err.message}`);
    throw err;
  }
  const recipients = await checkRecipients(tdb, user, reportId, body.recipients);
  const name = body.name.trim();
  if (!name) throw badRequest('Name is required.');
  const now = new Date();
  const active = body.active ?? true;
  const next = active ? nextDue(cron, body.timeZone, now) : null;
  const fields = {
    name,
    cron,
    time_zone: body.timeZone,
    recipients: JSON.stringify(recipients),
    parameters: JSON.stringify(body.parameters ?? {}),
    format: body.format,
    active: active ? 1 : 0,
    next_run_on: next,
    modified_on: now.toISOString(),
  };
  const id = scheduleId ?? crypto.randomUUID();
  await tdb.transaction(async (tx) => {
    if (scheduleId) {
      const old = await ownSchedule(tx, user, reportId, scheduleId);
      // An unchanged timetable keeps its next run (an edit never loses or doubles one).
      if (old.cron === cron && old.time_zone === body.timeZone && old.active === fields.active)
        fields.next_run_on = old.next_run_on;
      await tx.updateTable('report_schedules').set(fields).where('id', '=', id).execute();
    } else
      await tx
        .insertInto('report_schedules', {
          id,
          report_id: reportId,
          owner_id: user.id,
          last_error: null,
          created_on: now.toISOString(),
          ...fields,
        })
        .execute();
  });
  await setLease(system, tdb.tenantId, id, fields.next_run_on);
  return toSchedule(tdb, await ownSchedule(tdb, user, reportId, id));
}

/** A schedule of this report its owner (or who may edit the report) may change. */
async function ownSchedule(tdb: TenantDb, user: AuthUser, reportId: string, id: string): Promise<Row> {
  const report = await getReport(tdb, user, reportId);
  const r = await tdb
    .selectFrom('report_schedules')
    .selectAll()
    .where('id', '=', id)
    .where('report_id', '=', reportId)
    .executeTakeFirst();
  if (!r || (r.owner_id !== user.id && !report.editable)) throw notFound('Schedule not found');
  return r;
}

export async function deleteSchedule(tdb: TenantDb, system: Kysely<DB>, user: AuthUser, reportId: string, id: string) {
  await ownSchedule(tdb, user, reportId, id);
  await tdb.transaction(async (tx) => {
    await tx.deleteFrom('report_schedule_runs').where('schedule_id', '=', id).execute();
    await tx.deleteFrom('report_schedules').where('id', '=', id).execute();
  });
  await system
    .deleteFrom('report_schedule_leases')
    .where('schedule_id', '=', id)
    .where('tenant_id', '=', tdb.tenantId)
    .execute();
}
