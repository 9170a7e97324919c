import type { Kysely } from 'kysely';
import { ok, type ApiApp } from '../../http/api.js';
import { rolesOf } from '../../access/index.js';
import type { DB } from '../../db/schema.js';
import { audit } from '../../audit/index.js';
import {
  ReportParams,
  ScheduleAnswer,
  ScheduleBody,
  ScheduleDeletedAnswer,
  ScheduleListAnswer,
  ScheduleParams,
} from './schemas.js';
import { deleteSchedule, listSchedules, saveSchedule } from './service.js';

const R = '/api/form/report/:id/schedules';
const tags = ['reports'];
const designers = { roles: rolesOf('designers') };

/** A saved report's mailing schedules: who may edit the report schedules it; runs show on each schedule. */
export function mailingRoutes(app: ApiApp, system: Kysely<DB>) {
  app.get(
    R,
    { config: designers, schema: { tags, params: ReportParams, response: { 200: ScheduleListAnswer } } },
    async (req) => ok(await listSchedules(req.tdb, req.user, req.params.id)),
  );
  app.post(
    R,
    {
      config: designers,
      schema: { tags, params: ReportParams, body: ScheduleBody, response: { 200: ScheduleAnswer } },
    },
    async (req) => {
      const s = await saveSchedule(req.tdb, system, req.user, req.params.id, req.body);
      await audit(req.tdb, {
        action: 'report.schedule.create',
        targetType: 'report',
        targetId: req.params.id,
        details: { scheduleId: s.id },
      });
      return ok(s, 'Schedule saved');
    },
  );
  app.put(
    `${R}/:scheduleId`,
    {
      config: designers,
      schema: { tags, params: ScheduleParams, body: ScheduleBody, response: { 200: ScheduleAnswer } },
    },
    async (req) =>
      ok(
        await saveSchedule(req.tdb, system, req.user, req.params.id, req.body, req.params.scheduleId),
        'Schedule saved',
      ),
  );
  app.delete(
    `${R}/:scheduleId`,
    { config: designers, schema: { tags, params: ScheduleParams, response: { 200: ScheduleDeletedAnswer } } },
    async (req) => {
      await deleteSchedule(req.tdb, system, req.user, req.params.id, req.params.scheduleId);
      await audit(req.tdb, {
        action: 'report.schedule.delete',
        targetType: 'report',
        targetId: req.params.id,
        details: { scheduleId: req.params.scheduleId },
      });
      return ok(null, 'Schedule deleted');
    },
  );
}
