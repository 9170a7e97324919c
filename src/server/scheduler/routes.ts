import type { ApiApp } from '../http/api.js';
import { IdParams } from '../../../schemas/api/common.js';
import type { ScheduleLeases } from './queries.js';
import {
  ActionAnswer,
  ActionInput,
  DeletedAnswer,
  ListAnswer,
  ListBody,
  RunsAnswer,
  RunsInput,
  SaveBody,
  ScheduleAnswer,
  ScheduleRef,
} from './schemas.js';
import {
  listSchedules,
  removeSchedule,
  saveSchedule,
  scheduleDetail,
  scheduleRuns,
  setScheduleStatus,
} from './service.js';

const S = '/api/TaskScheduler';
const tags = ['scheduler'];
const ok = <T>(data: T, message = '') => ({ success: true as const, message, data });

/** Record schedules (spec section 7): save, list, detail, delete, run history, pause and resume. */
export function schedulerRoutes(app: ApiApp, leases: ScheduleLeases) {
  app.post(`${S}/save`, { schema: { tags, body: SaveBody, response: { 200: ScheduleAnswer } } }, async (req) =>
    ok(await saveSchedule(req.tdb, leases, req.user, req.body), 'Schedule saved'),
  );

  app.post(`${S}/datatables`, { schema: { tags, body: ListBody, response: { 200: ListAnswer } } }, async (req) =>
    ok(await listSchedules(req.tdb, req.user, req.body)),
  );

  app.get(`${S}/:id/detail`, { schema: { tags, params: IdParams, response: { 200: ScheduleAnswer } } }, async (req) =>
    ok(await scheduleDetail(req.tdb, req.user, req.params.id)),
  );

  app.post(
    `${S}/delete`,
    { schema: { tags, body: ScheduleRef, querystring: ScheduleRef, response: { 200: DeletedAnswer } } },
    async (req) => {
      const id = req.body.schedule_id ?? req.body.id ?? req.query.schedule_id ?? req.query.id;
      return ok(await removeSchedule(req.tdb, leases, req.user, id), 'Schedule deleted');
    },
  );

  // The run history answers GET (query) and POST (body, over the query), as the spec's clients call both.
  app.get(`${S}/activities`, { schema: { tags, querystring: RunsInput, response: { 200: RunsAnswer } } }, async (req) =>
    ok(await scheduleRuns(req.tdb, req.user, req.query)),
  );
  app.post(
    `${S}/activities`,
    { schema: { tags, body: RunsInput, querystring: RunsInput, response: { 200: RunsAnswer } } },
    async (req) => ok(await scheduleRuns(req.tdb, req.user, { ...req.query, ...req.body })),
  );

  app.post(
    `${S}/action`,
    { schema: { tags, body: ActionInput, querystring: ActionInput, response: { 200: ActionAnswer } } },
    async (req) => {
      const r = await setScheduleStatus(req.tdb, leases, req.user, { ...req.query, ...req.body });
      return ok(r, r.status === 'Paused' ? 'Schedule paused' : 'Schedule resumed');
    },
  );
}
