import {
  DatatablePage,
  Envelope,
  Id,
  JsonObject,
  Type,
  type Static,
  type TSchema,
} from '../../../schemas/api/common.js';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const ScheduleStatus = Type.Union([Type.Literal('Active'), Type.Literal('Paused')]);
export type ScheduleStatus = Static<typeof ScheduleStatus>;

/** One schedule as the API answers it (spec section 7); `schedule_id` repeats `id` for the spec's clients. */
export const ScheduleView = Type.Object({
  id: Type.String(),
  schedule_id: Type.String(),
  moduleId: Type.String(),
  name: Type.String(),
  cron: Type.String(),
  timeZone: Type.String(),
  /** The values of each record the schedule creates. */
  data: JsonObject,
  /** true: each record is submitted into the workflow; false: it stays a draft. */
  submit: Type.Boolean(),
  status: ScheduleStatus,
  owner_id: Type.String(),
  next_run_on: Nullable(Type.String()),
  last_run_on: Nullable(Type.String()),
  created_on: Type.String(),
  modified_on: Type.String(),
});
export type ScheduleView = Static<typeof ScheduleView>;

/** One run of a schedule: the slot it was due for, what happened, the record it made. */
export const ScheduleRun = Type.Object({
  id: Type.String(),
  slot: Type.String(),
  status: Type.String(),
  record_id: Nullable(Type.String()),
  message: Nullable(Type.String()),
  created_on: Type.String(),
});
export type ScheduleRun = Static<typeof ScheduleRun>;

/**
 * Save (create, or update with `id`). Both spellings of the spec's names are accepted; the checks with the spec's
 * own messages ('Name is required', 'Schedule is required') are the service's.
 */
export const SaveBody = Type.Object({
  id: Type.Optional(Id),
  schedule_id: Type.Optional(Id),
  moduleId: Type.Optional(Id),
  module_id: Type.Optional(Id),
  name: Type.Optional(Type.String({ maxLength: 1000 })),
  cron: Type.Optional(Type.String({ maxLength: 200 })),
  timeZone: Type.Optional(Type.String({ maxLength: 100 })),
  time_zone: Type.Optional(Type.String({ maxLength: 100 })),
  data: Type.Optional(Type.Union([JsonObject, Type.Null()])),
  submit: Type.Optional(Type.Boolean()),
});
export type SaveBody = Static<typeof SaveBody>;

/** The list: the user's schedules (administrators: everyone's), of one app when `moduleId` is given. */
export const ListBody = Type.Object({
  moduleId: Type.Optional(Id),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  length: Type.Optional(Type.Integer()),
  search: Type.Optional(
    Type.Union([
      Type.String({ maxLength: 1000 }),
      Type.Object({ value: Type.Optional(Type.String({ maxLength: 1000 })) }),
    ]),
  ),
});
export type ListBody = Static<typeof ListBody>;

/** Names one schedule, in the body or the query (`schedule_id`, or `id`). */
export const ScheduleRef = Type.Object({ schedule_id: Type.Optional(Id), id: Type.Optional(Id) });
export type ScheduleRef = Static<typeof ScheduleRef>;

/** The run history of one schedule, a page at a time (GET query or POST body). */
export const RunsInput = Type.Object({
  schedule_id: Type.Optional(Id),
  id: Type.Optional(Id),
  scheduleId: Type.Optional(Id),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  length: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type RunsInput = Static<typeof RunsInput>;

/** Pause or resume ('pause'/'paused', 'resume'/'resumed'/'active'). */
export const ActionInput = Type.Object({
  schedule_id: Type.Optional(Id),
  id: Type.Optional(Id),
  status: Type.Optional(Type.String({ maxLength: 20 })),
});
export type ActionInput = Static<typeof ActionInput>;

export const ActionResult = Type.Object({
  schedule_id: Type.String(),
  status: ScheduleStatus,
  next_run_on: Nullable(Type.String()),
});
export type ActionResult = Static<typeof ActionResult>;

export const SchedulePage = DatatablePage(ScheduleView);
export type SchedulePage = Static<typeof SchedulePage>;
export const RunPage = DatatablePage(ScheduleRun);
export type RunPage = Static<typeof RunPage>;

export const Deleted = Type.Object({ id: Type.String() });
export type Deleted = Static<typeof Deleted>;

export const ScheduleAnswer = Envelope(ScheduleView);
export const ListAnswer = Envelope(SchedulePage);
export const RunsAnswer = Envelope(RunPage);
export const ActionAnswer = Envelope(ActionResult);
export const DeletedAnswer = Envelope(Deleted);
