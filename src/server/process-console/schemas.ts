import { Envelope, Id, JsonObject, StringEnum, Type, type Static, type TSchema } from '../../../schemas/api/common.js';

/** The process console (system administrators): every instance across apps, its repair actions and bulk jobs. */

export const PROCESS_STATUS = ['Running', 'Faulted', 'Completed', 'Not Started'] as const;
export const OUTCOME = ['Approved', 'Rejected', 'Withdrawn'] as const;
const Day = Type.String({ maxLength: 40, description: 'ISO date or date-time' });
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** The list filter (also the set a bulk job works through). */
export const InstanceFilter = Type.Object({
  moduleId: Type.Optional(Id),
  status: Type.Optional(StringEnum(PROCESS_STATUS)),
  outcome: Type.Optional(StringEnum(OUTCOME)),
  step: Type.Optional(Type.String({ maxLength: 200, description: 'current step: activity id or title' })),
  initiatorId: Type.Optional(Id),
  startedAfter: Type.Optional(Day),
  startedBefore: Type.Optional(Day),
});
export type InstanceFilter = Static<typeof InstanceFilter>;

export const InstanceListBody = Type.Object({
  ...InstanceFilter.properties,
  cursor: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
  length: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
});
export type InstanceListBody = Static<typeof InstanceListBody>;

export const InstanceRow = Type.Object({
  recordId: Type.String(),
  instanceId: Nullable(Type.String()),
  moduleId: Type.String(),
  appName: Type.String(),
  moduleVersion: Type.Integer(),
  status: Type.String(),
  statusDisplay: Type.String(),
  outcome: Nullable(Type.String()),
  workflowStatus: Nullable(Type.String()),
  step: Nullable(Type.String()),
  stepId: Nullable(Type.String()),
  initiatorId: Nullable(Type.String()),
  initiatorName: Nullable(Type.String()),
  startedOn: Nullable(Type.String()),
  completedOn: Nullable(Type.String()),
  faultedOn: Nullable(Type.String()),
  createdOn: Type.String(),
});
export type InstanceRow = Static<typeof InstanceRow>;

export const InstancePage = Type.Object({
  data: Type.Array(InstanceRow),
  recordsTotal: Type.Integer(),
  countCapped: Type.Boolean(),
  nextCursor: Nullable(Type.String()),
});
export type InstancePage = Static<typeof InstancePage>;
export const InstancePageAnswer = Envelope(InstancePage);

export const RecordParams = Type.Object({ recordId: Id });

const HistoryItem = Type.Object({
  id: Type.String(),
  instanceId: Nullable(Type.String()),
  activityId: Nullable(Type.String()),
  activityTitle: Nullable(Type.String()),
  action: Type.String(),
  author: Nullable(Type.String()),
  message: Nullable(Type.String()),
  outcomes: Type.Array(Type.String()),
  at: Type.String(),
});
const TaskItem = Type.Object({
  id: Type.String(),
  activityId: Type.String(),
  title: Type.String(),
  assigneeId: Type.String(),
  assigneeName: Nullable(Type.String()),
  status: Type.String(),
  dueOn: Nullable(Type.String()),
  startedOn: Type.String(),
});
const StepItem = Type.Object({ activityId: Type.String(), title: Type.String(), type: Type.String() });
export const InstanceDetail = Type.Object({
  row: InstanceRow,
  fault: Nullable(Type.String()),
  data: JsonObject,
  history: Type.Array(HistoryItem),
  openTasks: Type.Array(TaskItem),
  steps: Type.Array(StepItem),
  newestVersion: Nullable(Type.Integer()),
});
export type InstanceDetail = Static<typeof InstanceDetail>;
export const InstanceDetailAnswer = Envelope(InstanceDetail);

export const ActionBody = Type.Object({
  message: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
  activityId: Type.Optional(Nullable(Id)),
  userId: Type.Optional(Nullable(Id)),
  mapping: Type.Optional(Nullable(Type.Record(Type.String({ maxLength: 100 }), Id))),
});
export type ActionBody = Static<typeof ActionBody>;
export const ACTIONS = ['retry', 'cancel', 'move', 'reassign', 'migrate'] as const;
export type ConsoleAction = (typeof ACTIONS)[number];
export const ActionParams = Type.Object({ recordId: Id, action: StringEnum(ACTIONS) });
export const ActionAnswer = Envelope(
  Type.Object({
    recordId: Type.String(),
    version: Type.Integer(),
    instanceId: Nullable(Type.String()),
    workflow_status: Nullable(Type.String()),
    changed: Type.Boolean(),
  }),
);

export const PreviewQuery = Type.Object({ moduleId: Id });
const PreviewGroup = Type.Object({
  fromVersion: Type.Integer(),
  stepId: Nullable(Type.String()),
  stepTitle: Nullable(Type.String()),
  exists: Type.Boolean(),
  count: Type.Integer(),
});
export const MigrationPreview = Type.Object({
  moduleId: Type.String(),
  newestVersion: Nullable(Type.Integer()),
  running: Type.Integer(),
  canMigrate: Type.Integer(),
  needMapping: Type.Integer(),
  groups: Type.Array(PreviewGroup),
  targets: Type.Array(StepItem),
});
export type MigrationPreview = Static<typeof MigrationPreview>;
export const MigrationPreviewAnswer = Envelope(MigrationPreview);

export const JOB_KINDS = ['cancel', 'retry', 'migrate', 'reassign'] as const;
export const JobBody = Type.Object({
  kind: StringEnum(JOB_KINDS),
  filter: InstanceFilter,
  message: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
  userId: Type.Optional(Nullable(Id)),
  mapping: Type.Optional(Nullable(Type.Record(Type.String({ maxLength: 100 }), Id))),
  /** Created paused: look at its total first, then resume. */
  paused: Type.Optional(Type.Boolean()),
});
export type JobBody = Static<typeof JobBody>;
export const Job = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  status: StringEnum(['running', 'paused', 'cancelled', 'done'] as const),
  total: Type.Integer(),
  done: Type.Integer(),
  failed: Type.Integer(),
  lastError: Nullable(Type.String()),
  createdOn: Type.String(),
  finishedOn: Nullable(Type.String()),
});
export type Job = Static<typeof Job>;
export const JobAnswer = Envelope(Job);
export const JobsAnswer = Envelope(Type.Array(Job));
export const JobParams = Type.Object({ id: Id });
export const JobControlParams = Type.Object({ id: Id, op: StringEnum(['pause', 'resume', 'cancel'] as const) });

export const DashboardQuery = Type.Object({ days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })) });
export const Dashboard = Type.Object({
  days: Type.Array(
    Type.Object({
      day: Type.String(),
      started: Type.Integer(),
      completed: Type.Integer(),
      faulted: Type.Integer(),
    }),
  ),
  byStatus: Type.Array(Type.Object({ status: Type.String(), count: Type.Integer() })),
  slowest: Type.Array(
    Type.Object({ appName: Type.String(), step: Type.String(), medianHours: Type.Number(), count: Type.Integer() }),
  ),
});
export type Dashboard = Static<typeof Dashboard>;
export const DashboardAnswer = Envelope(Dashboard);

/** Elsa workflow definitions: create a draft from Elsa JSON, export one as Elsa JSON. */
export const ElsaCreateBody = Type.Object({
  moduleId: Id,
  definition: Type.Union([JsonObject, Type.String({ maxLength: 2_000_000 })]),
});
export const ElsaCreateAnswer = Envelope(
  Type.Object({ moduleId: Type.String(), activities: Type.Integer(), connections: Type.Integer() }),
);
export const ElsaParams = Type.Object({ moduleId: Id });
export const ElsaExportQuery = Type.Object({ source: Type.Optional(StringEnum(['draft', 'published'] as const)) });
export const ElsaExportAnswer = Envelope(JsonObject);
