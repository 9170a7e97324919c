import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type { SchedulesTable } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { badRequest, notFound } from '../http/errors.js';
import { assertModuleAccess, isAdmin } from '../access/index.js';
import { CronError, compileCron, isTimeZone } from './cron.js';
import { nextDue } from './runner.js';
import {
  deleteSchedule as deleteRows,
  insertSchedule,
  pageOfRuns,
  pageOfSchedules,
  publishedVersionOf,
  scheduleById,
  updateSchedule,
  type ScheduleLeases,
} from './queries.js';
import type {
  ActionInput,
  ActionResult,
  Deleted,
  ListBody,
  RunPage,
  RunsInput,
  SaveBody,
  SchedulePage,
  ScheduleStatus,
  ScheduleView,
} from './schemas.js';

type ScheduleRow = Selectable<SchedulesTable>;
const PAGE_SIZES = [10, 20, 25, 50, 100];
const text = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);

export const view = (s: ScheduleRow): ScheduleView => ({
  id: s.id,
  schedule_id: s.id,
  moduleId: s.module_id,
  name: s.name,
  cron: s.cron,
  timeZone: s.time_zone,
  data: JSON.parse(s.data) as Record<string, unknown>,
  submit: !!s.submit,
  status: s.status,
  owner_id: s.owner_id,
  next_run_on: s.next_run_on,
  last_run_on: s.last_run_on,
  created_on: s.created_on,
  modified_on: s.modified_on,
});

/** A schedule the user may see and change: their own; administrators any. Others are "not found". */
async function scheduleFor(tdb: TenantDb, user: AuthUser, id: string | undefined): Promise<ScheduleRow> {
  if (!id) throw badRequest('schedule_id is required.');
  const s = await scheduleById(tdb, id);
  if (!s || (s.owner_id !== user.id && !isAdmin(user))) throw notFound('Schedule not found');
  return s;
}

/**
 * Creates or updates a schedule. It creates records in the user's name later, so the user must be allowed to create
 * records of the app now (the runner checks the owner again at every run).
 */
export async function saveSchedule(
  tdb: TenantDb,
  leases: ScheduleLeases,
  user: AuthUser,
  b: SaveBody,
): Promise<ScheduleView> {
  const moduleId = text(b.moduleId ?? b.module_id);
  const name = text(b.name);
  const cron = text(b.cron);
  const timeZone = text(b.timeZone ?? b.time_zone) ?? 'Etc/UTC';
  if (!moduleId) throw badRequest('moduleId is required.');
  if (!name) throw badRequest('Name is required');
  if (name.length > 100) throw badRequest('Name can have at most 100 characters.');
  if (!cron) throw badRequest('Schedule is required');
  if (!isTimeZone(timeZone)) throw badRequest(`Unknown time zone '${timeZone}'.`);
  try {
    compileCron(cron, timeZone);
  } catch (err) {
    if (err instanceof CronError) throw badRequest(`Schedule is not valid: ${err.message}`);
    throw err;
  }
  const dataText = JSON.stringify(b.data ?? {});
  if (dataText.length > 200_000) throw badRequest('data is too large.');
  await assertModuleAccess(tdb, user, moduleId, 'create');
  if (!(await publishedVersionOf(tdb, moduleId))?.published_version) throw badRequest('This app is not published yet.');
  const existingId = b.id ?? b.schedule_id;
  const existing = existingId ? await scheduleFor(tdb, user, existingId) : undefined;
  if (existing && existing.module_id !== moduleId) throw badRequest('A schedule cannot move to another app.');
  const now = new Date();
  const status = existing?.status ?? 'Active';
  const next = status === 'Active' ? nextDue({ cron, time_zone: timeZone }, now) : null;
  const fields = {
    name,
    cron,
    time_zone: timeZone,
    data: dataText,
    submit: b.submit === false ? 0 : 1,
    next_run_on: next,
    modified_on: now.toISOString(),
  };
  const id = existing?.id ?? crypto.randomUUID();
  if (existing) await updateSchedule(tdb, id, fields);
  else
    await insertSchedule(tdb, {
      id,
      module_id: moduleId,
      status: 'Active',
      owner_id: user.id,
      last_run_on: null,
      created_on: now.toISOString(),
      ...fields,
    });
  await leases.set(id, tdb.tenantId, next);
  return view((await scheduleById(tdb, id))!);
}

/** The user's schedules (administrators: everyone's), newest first. */
export async function listSchedules(tdb: TenantDb, user: AuthUser, b: ListBody): Promise<SchedulePage> {
  const page = b.page ?? 1;
  const length = b.length ?? 10;
  if (!PAGE_SIZES.includes(length)) throw badRequest(`length must be one of ${PAGE_SIZES.join(', ')}.`);
  const search = typeof b.search === 'string' ? b.search : b.search?.value;
  const { rows, total } = await pageOfSchedules(tdb, {
    moduleId: b.moduleId,
    ownerId: isAdmin(user) ? undefined : user.id,
    search: text(search),
    limit: length,
    offset: (page - 1) * length,
  });
  return { data: rows.map(view), recordsTotal: total, recordsFiltered: total, page, length };
}

export const scheduleDetail = async (tdb: TenantDb, user: AuthUser, id: string): Promise<ScheduleView> =>
  view(await scheduleFor(tdb, user, id));

export async function removeSchedule(
  tdb: TenantDb,
  leases: ScheduleLeases,
  user: AuthUser,
  id: string | undefined,
): Promise<Deleted> {
  const s = await scheduleFor(tdb, user, id);
  await deleteRows(tdb, s.id);
  await leases.drop(s.id);
  return { id: s.id };
}

export async function scheduleRuns(tdb: TenantDb, user: AuthUser, b: RunsInput): Promise<RunPage> {
  const s = await scheduleFor(tdb, user, b.schedule_id ?? b.id ?? b.scheduleId);
  const page = b.page ?? 1;
  const length = b.length ?? 10;
  const { rows, total } = await pageOfRuns(tdb, s.id, length, (page - 1) * length);
  return { data: rows, recordsTotal: total, recordsFiltered: total, page, length };
}

const STATUS_WORDS = new Map<string, ScheduleStatus>([
  ['pause', 'Paused'],
  ['paused', 'Paused'],
  ['resume', 'Active'],
  ['resumed', 'Active'],
  ['active', 'Active'],
]);

/** Pauses or resumes a schedule; resuming needs the right to create records of its app, as saving does. */
export async function setScheduleStatus(
  tdb: TenantDb,
  leases: ScheduleLeases,
  user: AuthUser,
  b: ActionInput,
): Promise<ActionResult> {
  const s = await scheduleFor(tdb, user, b.schedule_id ?? b.id);
  const status = STATUS_WORDS.get((b.status ?? '').toLowerCase());
  if (!status) throw badRequest("status must be 'pause' or 'resume'.");
  if (status === 'Active') await assertModuleAccess(tdb, user, s.module_id, 'create');
  const next = status === 'Active' ? nextDue(s, new Date()) : null;
  await updateSchedule(tdb, s.id, { status, next_run_on: next, modified_on: new Date().toISOString() });
  await leases.set(s.id, tdb.tenantId, next);
  return { schedule_id: s.id, status, next_run_on: next };
}
