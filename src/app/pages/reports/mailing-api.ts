import { api, call } from '../../api/client';
import type { Schedule, ScheduleBody } from '../../../server/reports/mailing/schemas';

export type { Schedule, ScheduleBody, Timing } from '../../../server/reports/mailing/schemas';

const S = (reportId: string) => `/form/report/${encodeURIComponent(reportId)}/schedules`;

export const scheduleKeys = { of: (reportId: string) => ['reports', 'schedules', reportId] as const };
export const listSchedules = (reportId: string) => call<Schedule[]>(api.get(S(reportId)));
export const createSchedule = (reportId: string, body: ScheduleBody) => call<Schedule>(api.post(S(reportId), body));
export const deleteSchedule = (reportId: string, id: string) =>
  call<null>(api.delete(`${S(reportId)}/${encodeURIComponent(id)}`));
