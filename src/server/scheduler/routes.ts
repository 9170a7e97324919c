import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { assertModuleAccess } from '../access/index.js';
import { CronError, isTimeZone, parseCron } from './cron.js';
import { nextDue, Scheduler } from './runner.js';

const S = '/api/TaskScheduler';
const admin = (u: AuthUser) => u.isAdministrator || u.isSysAdmin;
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: Scheduler;
  }
}

function view(s: {
  id: string;
  module_id: string;
  name: string;
  cron: string;
  time_zone: string;
  data: string;
  submit: number;
  status: string;
  owner_id: string;
  next_run_on: string | null;
  last_run_on: string | null;
  created_on: string;
  modified_on: string;
}) {
  return {
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
  };
}

/** A schedule the user may see and change: their own; administrators any. Others are "not found". */
async function scheduleFor(tdb: TenantDb, user: AuthUser, id: unknown) {
  if (typeof id !== 'string' || !id) throw badRequest('schedule_id is required.');
  const s = await tdb.selectFrom('schedules').selectAll().where('id', '=', id).executeTakeFirst();
  if (!s || (s.owner_id !== user.id && !admin(user))) throw notFound('Schedule not found');
  return s;
}

function idOf(req: FastifyRequest): unknown {
  const b = (req.body ?? {}) as Record<string, unknown>;
  const q = (req.query ?? {}) as Record<string, unknown>;
  return b.schedule_id ?? b.id ?? q.schedule_id ?? q.id;
}

/** Record schedules (spec section 7): save, list, detail, delete, run history, pause and resume. */
export async function schedulerRoutes(app: FastifyInstance, ctx: AppContext) {
  const scheduler = new Scheduler(ctx.db, ctx.log);
  app.decorate('scheduler', scheduler);
  if (process.env.SCHEDULER !== 'off') scheduler.start(Number(process.env.SCHEDULER_INTERVAL_MS ?? 20_000));
  app.addHook('onClose', () => scheduler.stop());

  const setLease = async (scheduleId: string, tenantId: string, due: string | null) => {
    // The lease row mirrors the schedule's due time; a held lease is left to its holder, who re-reads the schedule.
    const r = await ctx.db.system
      .updateTable('schedule_leases')
      .set({ due_on: due })
      .where('schedule_id', '=', scheduleId)
      .executeTakeFirst();
    if (!Number(r.numUpdatedRows))
      await ctx.db.system
        .insertInto('schedule_leases')
        .values({ schedule_id: scheduleId, tenant_id: tenantId, due_on: due, lease_owner: null, lease_until: null })
        .execute();
  };

  app.post(`${S}/save`, async (req) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const moduleId = str(b.moduleId ?? b.module_id);
    const name = str(b.name);
    const cron = str(b.cron);
    const timeZone = str(b.timeZone ?? b.time_zone) ?? 'Etc/UTC';
    if (!moduleId) throw badRequest('moduleId is required.');
    if (!name) throw badRequest('Name is required');
    if (name.length > 100) throw badRequest('Name can have at most 100 characters.');
    if (!cron) throw badRequest('Schedule is required');
    try {
      parseCron(cron);
    } catch (err) {
      if (err instanceof CronError) throw badRequest(`Schedule is not valid: ${err.message}`);
      throw err;
    }
    if (!isTimeZone(timeZone)) throw badRequest(`Unknown time zone '${timeZone}'.`);
    const data = b.data ?? {};
    if (!data || typeof data !== 'object' || Array.isArray(data)) throw badRequest('data must be an object.');
    const dataText = JSON.stringify(data);
    if (dataText.length > 200_000) throw badRequest('data is too large.');
    await assertModuleAccess(req.tdb, req.user, moduleId, 'create');
    const m = await req.tdb
      .selectFrom('modules')
      .select(['published_version'])
      .where('id', '=', moduleId)
      .executeTakeFirstOrThrow();
    if (!m.published_version) throw badRequest('This app is not published yet.');
    const now = new Date();
    const existingId = str(b.id ?? b.schedule_id);
    const existing = existingId ? await scheduleFor(req.tdb, req.user, existingId) : undefined;
    if (existing && existing.module_id !== moduleId) throw badRequest('A schedule cannot move to another app.');
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
    if (existing) await req.tdb.updateTable('schedules').set(fields).where('id', '=', id).execute();
    else
      await req.tdb
        .insertInto('schedules', {
          id,
          module_id: moduleId,
          status: 'Active',
          owner_id: req.user.id,
          last_run_on: null,
          created_on: now.toISOString(),
          ...fields,
        })
        .execute();
    await setLease(id, req.tdb.tenantId, next);
    const row = await req.tdb.selectFrom('schedules').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return { success: true, message: 'Schedule saved', data: view(row) };
  });

  app.post(`${S}/datatables`, async (req) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const page = b.page === undefined ? 1 : Number(b.page);
    const length = b.length === undefined ? 10 : Number(b.length);
    if (!Number.isInteger(page) || page < 1) throw badRequest('page must be a whole number from 1.');
    if (![10, 20, 25, 50, 100].includes(length)) throw badRequest('length must be one of 10, 20, 25, 50, 100.');
    const moduleId = str(b.moduleId);
    let q = req.tdb.selectFrom('schedules');
    if (moduleId) q = q.where('module_id', '=', moduleId);
    if (!admin(req.user)) q = q.where('owner_id', '=', req.user.id);
    const search = typeof b.search === 'string' ? b.search : (b.search as { value?: unknown } | undefined)?.value;
    if (typeof search === 'string' && search.trim())
      q = q.where('name', 'like', `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const [rows, total] = await Promise.all([
      q
        .selectAll()
        .orderBy('created_on', 'desc')
        .orderBy('id')
        .limit(length)
        .offset((page - 1) * length)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      success: true,
      message: '',
      data: { data: rows.map(view), recordsTotal: Number(total.n), recordsFiltered: Number(total.n), page, length },
    };
  });

  app.get(`${S}/:id/detail`, async (req) => ({
    success: true,
    message: '',
    data: view(await scheduleFor(req.tdb, req.user, (req.params as { id: string }).id)),
  }));

  app.post(`${S}/delete`, async (req) => {
    const s = await scheduleFor(req.tdb, req.user, idOf(req));
    await req.tdb.deleteFrom('schedule_runs').where('schedule_id', '=', s.id).execute();
    await req.tdb.deleteFrom('schedules').where('id', '=', s.id).execute();
    await ctx.db.system.deleteFrom('schedule_leases').where('schedule_id', '=', s.id).execute();
    return { success: true, message: 'Schedule deleted', data: { id: s.id } };
  });

  const activities = async (req: FastifyRequest) => {
    const b = { ...((req.query ?? {}) as Record<string, unknown>), ...((req.body ?? {}) as Record<string, unknown>) };
    const s = await scheduleFor(req.tdb, req.user, b.schedule_id ?? b.id ?? b.scheduleId);
    const page = b.page === undefined ? 1 : Number(b.page);
    const length = b.length === undefined ? 10 : Number(b.length);
    if (!Number.isInteger(page) || page < 1) throw badRequest('page must be a whole number from 1.');
    if (!Number.isInteger(length) || length < 1 || length > 100) throw badRequest('length must be between 1 and 100.');
    const base = req.tdb.selectFrom('schedule_runs').where('schedule_id', '=', s.id);
    const [rows, total] = await Promise.all([
      base
        .select(['id', 'slot', 'status', 'record_id', 'message', 'created_on'])
        .orderBy('created_on', 'desc')
        .orderBy('id')
        .limit(length)
        .offset((page - 1) * length)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      success: true,
      message: '',
      data: { data: rows, recordsTotal: Number(total.n), recordsFiltered: Number(total.n), page, length },
    };
  };
  app.post(`${S}/activities`, activities);
  app.get(`${S}/activities`, activities);

  app.post(`${S}/action`, async (req) => {
    const b = { ...((req.query ?? {}) as Record<string, unknown>), ...((req.body ?? {}) as Record<string, unknown>) };
    const s = await scheduleFor(req.tdb, req.user, b.schedule_id ?? b.id);
    const raw = String(b.status ?? '').toLowerCase();
    const status =
      raw === 'pause' || raw === 'paused'
        ? 'Paused'
        : raw === 'resume' || raw === 'active' || raw === 'resumed'
          ? 'Active'
          : undefined;
    if (!status) throw badRequest("status must be 'pause' or 'resume'.");
    if (s.owner_id !== req.user.id && !admin(req.user)) throw forbidden();
    const next = status === 'Active' ? nextDue(s, new Date()) : null;
    await req.tdb
      .updateTable('schedules')
      .set({ status, next_run_on: next, modified_on: new Date().toISOString() })
      .where('id', '=', s.id)
      .execute();
    await setLease(s.id, req.tdb.tenantId, next);
    return {
      success: true,
      message: status === 'Paused' ? 'Schedule paused' : 'Schedule resumed',
      data: { schedule_id: s.id, status, next_run_on: next },
    };
  });
}
