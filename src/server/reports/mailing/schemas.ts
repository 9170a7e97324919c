import { Envelope, Id, Type, type Static } from '../../../../schemas/api/common.js';

const ParamValue = Type.Union([Type.String({ maxLength: 1000 }), Type.Number()]);

/** How often: a preset (daily, weekly on a weekday, monthly on a day) at a time, or a five-field cron expression. */
export const Timing = Type.Union([
  Type.Object({ kind: Type.Literal('cron'), cron: Type.String({ minLength: 1, maxLength: 200 }) }),
  Type.Object({ kind: Type.Literal('daily'), time: Type.String({ pattern: '^\\d{2}:\\d{2}$' }) }),
  Type.Object({
    kind: Type.Literal('weekly'),
    time: Type.String({ pattern: '^\\d{2}:\\d{2}$' }),
    weekday: Type.Integer({ minimum: 0, maximum: 6 }),
  }),
  Type.Object({
    kind: Type.Literal('monthly'),
    time: Type.String({ pattern: '^\\d{2}:\\d{2}$' }),
    day: Type.Integer({ minimum: 1, maximum: 28 }),
  }),
]);
export type Timing = Static<typeof Timing>;

export const Recipients = Type.Object({
  users: Type.Array(Id, { maxItems: 100 }),
  /** Addresses outside the tenant's users: administrators only. */
  emails: Type.Array(Type.String({ maxLength: 254 }), { maxItems: 50 }),
});
export type Recipients = Static<typeof Recipients>;

export const ScheduleBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  timing: Timing,
  timeZone: Type.String({ minLength: 1, maxLength: 64 }),
  recipients: Recipients,
  parameters: Type.Optional(Type.Record(Type.String(), ParamValue)),
  format: Type.Union([Type.Literal('xlsx'), Type.Literal('csv')]),
  active: Type.Optional(Type.Boolean()),
});
export type ScheduleBody = Static<typeof ScheduleBody>;

export const ScheduleRun = Type.Object({
  id: Type.String(),
  startedOn: Type.String(),
  durationMs: Type.Integer(),
  rows: Type.Integer(),
  recipients: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()]),
});
export type ScheduleRun = Static<typeof ScheduleRun>;

export const Schedule = Type.Object({
  id: Type.String(),
  reportId: Type.String(),
  ownerId: Type.String(),
  name: Type.String(),
  cron: Type.String(),
  timeZone: Type.String(),
  recipients: Recipients,
  parameters: Type.Record(Type.String(), ParamValue),
  format: Type.Union([Type.Literal('xlsx'), Type.Literal('csv')]),
  active: Type.Boolean(),
  nextRunOn: Type.Union([Type.String(), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  runs: Type.Array(ScheduleRun),
});
export type Schedule = Static<typeof Schedule>;

export const ReportParams = Type.Object({ id: Id });
export const ScheduleParams = Type.Object({ id: Id, scheduleId: Id });
export const ScheduleAnswer = Envelope(Schedule);
export const ScheduleListAnswer = Envelope(Type.Array(Schedule));
export const ScheduleDeletedAnswer = Envelope(Type.Null());
