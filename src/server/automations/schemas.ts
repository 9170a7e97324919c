import {
  DatatablePage,
  DatatablePayload,
  Envelope,
  Id,
  IdParams,
  JsonObject,
  NoBody,
  StringEnum,
  Type,
  type Static,
} from '../../../schemas/api/common.js';
import { WEBHOOK_EVENTS } from '../webhooks/event-names.js';

/** The record events a trigger can name: those webhooks hear, and a save that changes values. */
export const TRIGGER_EVENTS = [...WEBHOOK_EVENTS, 'record.updated'] as const;

/** When an automation runs: on a cron timetable in a time zone, every N minutes, on a record event, or by hand. */
export const Trigger = Type.Union([
  Type.Object(
    {
      kind: Type.Literal('schedule'),
      cron: Type.String({ minLength: 1, maxLength: 200 }),
      timeZone: Type.String({ minLength: 1, maxLength: 64 }),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    { kind: Type.Literal('interval'), minutes: Type.Integer({ minimum: 1, maximum: 10080 }) },
    { additionalProperties: false },
  ),
  Type.Object({ kind: Type.Literal('manual') }, { additionalProperties: false }),
  // A record event of an app (the webhook events, and record.updated): each event of each record runs it once;
  // `fields` narrows record.updated to saves that change one of them.
  Type.Object(
    {
      kind: Type.Literal('record'),
      moduleId: Id,
      events: Type.Array(StringEnum(TRIGGER_EVENTS), {
        minItems: 1,
        maxItems: TRIGGER_EVENTS.length,
        uniqueItems: true,
      }),
      fields: Type.Optional(
        Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50, uniqueItems: true }),
      ),
    },
    { additionalProperties: false },
  ),
]);
export type Trigger = Static<typeof Trigger>;

/** A step: a plugin type with its settings; the id names its output for the steps after it ({{id.path}}). */
export const Step = Type.Object(
  {
    id: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,39}$' }),
    type: Type.String({ minLength: 1, maxLength: 64 }),
    config: JsonObject,
  },
  { additionalProperties: false },
);
export type Step = Static<typeof Step>;
const Steps = Type.Array(Step, { maxItems: 50 });

/** What a missed run (the platform was down at its time) becomes: one run as soon as possible, or none. */
export const MISFIRE = ['once', 'skip'] as const;

export const SaveAutomationBody = Type.Object({
  name: Type.String({ maxLength: 100 }),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  active: Type.Boolean(),
  trigger: Trigger,
  steps: Steps,
  misfire: Type.Optional(StringEnum(MISFIRE)),
  /** Failures in a row after which the owner is told. */
  notifyAfter: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type SaveAutomationBody = Static<typeof SaveAutomationBody>;

export const UpdateAutomationBody = Type.Composite([
  SaveAutomationBody,
  Type.Object({ id: Id, version: Type.Integer({ minimum: 1 }) }),
]);
export type UpdateAutomationBody = Static<typeof UpdateAutomationBody>;

export const Automation = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  active: Type.Boolean(),
  trigger: Trigger,
  steps: Steps,
  misfire: StringEnum(MISFIRE),
  notifyAfter: Type.Integer(),
  failuresInRow: Type.Integer(),
  ownerId: Type.String(),
  nextRunOn: Type.Union([Type.String(), Type.Null()]),
  lastRunOn: Type.Union([Type.String(), Type.Null()]),
  lastStatus: Type.Union([Type.String(), Type.Null()]),
  version: Type.Integer(),
  created_on: Type.String(),
  modified_on: Type.String(),
});
export type Automation = Static<typeof Automation>;

export const StepOutcome = Type.Object({
  id: Type.String(),
  type: Type.String(),
  // Running: a long step's progress so far (a bulk update writes it after each batch).
  status: StringEnum(['Succeeded', 'Failed', 'Stopped', 'Skipped', 'Running'] as const),
  ms: Type.Integer(),
  output: Type.Optional(Type.Unknown()),
  error: Type.Optional(Type.String()),
});
export type StepOutcome = Static<typeof StepOutcome>;

/** Waiting: parked by a wait step until its time; Cancelled: stopped by an administrator. */
export const RUN_STATUSES = ['Running', 'Succeeded', 'Failed', 'Stopped', 'Waiting', 'Cancelled'] as const;
export const RUN_TRIGGERS = ['schedule', 'manual', 'test', 'record'] as const;
export const Run = Type.Object({
  id: Type.String(),
  automationId: Type.String(),
  automationName: Type.String(),
  trigger: StringEnum(RUN_TRIGGERS),
  slot: Type.String(),
  status: StringEnum(RUN_STATUSES),
  steps: Type.Array(StepOutcome),
  error: Type.Union([Type.String(), Type.Null()]),
  startedOn: Type.String(),
  durationMs: Type.Union([Type.Integer(), Type.Null()]),
});
export type Run = Static<typeof Run>;

export const ListBody = DatatablePayload;
export type ListBody = Static<typeof ListBody>;
export const ExecutedBody = Type.Object({
  automationId: Type.Optional(Id),
  status: Type.Optional(StringEnum(RUN_STATUSES)),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  length: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type ExecutedBody = Static<typeof ExecutedBody>;
/** A dry run of a saved automation, or of steps being edited (not saved yet). */
export const TestBody = Type.Object({ id: Type.Optional(Id), steps: Type.Optional(Steps) });
export type TestBody = Static<typeof TestBody>;
export const ExecuteBody = Type.Object({ id: Id });
export const RunIdParams = Type.Object({ runId: Id });
export const DashboardQuery = Type.Object({
  id: Type.Optional(Id),
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90 })),
});
export type DashboardQuery = Static<typeof DashboardQuery>;
export const Dashboard = Type.Object({
  days: Type.Array(
    Type.Object({
      day: Type.String(),
      runs: Type.Integer(),
      succeeded: Type.Integer(),
      failed: Type.Integer(),
      avgMs: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
  runs: Type.Integer(),
  successRate: Type.Union([Type.Number(), Type.Null()]),
  avgMs: Type.Union([Type.Integer(), Type.Null()]),
});

export { IdParams, NoBody };
export const AutomationAnswer = Envelope(Automation);
export const AutomationPageAnswer = Envelope(DatatablePage(Automation));
export const RunAnswer = Envelope(Run);
export const RunPageAnswer = Envelope(DatatablePage(Run));
export const DashboardAnswer = Envelope(Dashboard);
export const DeletedAnswer = Envelope(Type.Object({ id: Type.String() }));
