import { api, call } from '../../api/client';
import type { Schedule, ScheduleBody } from '../../../server/reports/mailing/schemas';

export type { Schedule, ScheduleBody, Timing } from '../../../server/reports/mailing/schemas';

const S = (reportId: string) => `/form/report/${encodeURIComponent(reportId)}/schedules`;

export const scheduleKeys = { of: (reportId: string) => ['reports', 'schedules', reportId] as const };
export const listSchedules = (reportId: string) => call<Schedule[]>(api.get(S(reportId)));
export const createSchedule = (reportId: string, body: ScheduleBody) => call<Schedule>(api.post(S(reportId), body));
export const updateSchedule = (reportId: string, id: string, body: ScheduleBody) =>
  call<Schedule>(api.put(`${S(reportId)}/${encodeURIComponent(id)}`, body));
export const deleteSchedule = (reportId: string, id: string) =>
  call<null>(api.delete(`${S(reportId)}/${encodeURIComponent(id)}`));

/** A stored schedule as the body that saves it unchanged (the cron expression kept as it is). */
export const bodyOf = (s: Schedule): ScheduleBody => ({
  name: s.name,
  timing: { kind: 'cron', cron: s.cron },
  timeZone: s.timeZone,
  recipients: s.recipients,
  parameters: s.parameters,
  format: s.format,
  active: s.active,
});
