import { Envelope, Id, IdParams, JsonObject, StringEnum, Type, type Static } from '../../../schemas/api/common.js';
import { SharedFilters, ShareTarget } from '../reports/schemas.js';

export { IdParams, SharedFilters, ShareTarget };

/**
 * One widget on the grid: its place (x, y, w, h in grid units of 12 columns) and its kind with the kind's settings.
 * The server stores settings as given; each widget's own query checks them when it runs (as the viewer).
 */
export const Widget = Type.Object(
  {
    i: Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' }),
    x: Type.Integer({ minimum: 0, maximum: 11 }),
    y: Type.Integer({ minimum: 0, maximum: 10000 }),
    w: Type.Integer({ minimum: 1, maximum: 12 }),
    h: Type.Integer({ minimum: 1, maximum: 40 }),
    kind: Type.String({ pattern: '^[a-z][a-z0-9-]{0,39}$' }),
    title: Type.Optional(Type.String({ maxLength: 200 })),
    settings: JsonObject,
  },
  { additionalProperties: false },
);
export type Widget = Static<typeof Widget>;

export const DashboardInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  sharedWith: Type.Optional(Type.Array(ShareTarget, { maxItems: 100 })),
  layout: Type.Optional(Type.Array(Widget, { maxItems: 40 })),
});
export type DashboardInput = Static<typeof DashboardInput>;

/** An update names what changes; `version` is the one the writer read (409 when someone saved since). */
export const DashboardUpdate = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  sharedWith: Type.Optional(Type.Array(ShareTarget, { maxItems: 100 })),
  layout: Type.Optional(Type.Array(Widget, { maxItems: 40 })),
  version: Type.Integer({ minimum: 1 }),
});
export type DashboardUpdate = Static<typeof DashboardUpdate>;

export const Dashboard = Type.Object({
  id: Type.String(),
  name: Type.String(),
  ownerId: Type.String(),
  ownerName: Type.Union([Type.String(), Type.Null()]),
  sharedWith: Type.Array(ShareTarget),
  layout: Type.Array(Widget),
  /** The viewer may change and delete it (its owner, or an administrator). */
  editable: Type.Boolean(),
  version: Type.Integer(),
  createdOn: Type.String(),
  modifiedOn: Type.String(),
});
export type Dashboard = Static<typeof Dashboard>;
export const DashboardAnswer = Envelope(Dashboard);
export const DashboardListAnswer = Envelope(Type.Array(Dashboard));
export const DeletedAnswer = Envelope(Type.Null());

/** Open tasks counted per assignee or per team, as the task lists let the viewer see them. */
export const TaskWidgetBody = Type.Object({
  groupBy: Type.Optional(StringEnum(['user', 'team'] as const)),
  moduleId: Type.Optional(Id),
  shared: Type.Optional(SharedFilters),
});
export type TaskWidgetBody = Static<typeof TaskWidgetBody>;
export const TaskWorkload = Type.Object({
  total: Type.Integer(),
  overdue: Type.Integer(),
  groups: Type.Array(
    Type.Object({
      id: Type.Union([Type.String(), Type.Null()]),
      label: Type.String(),
      open: Type.Integer(),
      overdue: Type.Integer(),
    }),
  ),
});
export type TaskWorkload = Static<typeof TaskWorkload>;
export const TaskWorkloadAnswer = Envelope(TaskWorkload);

/** Records of one app by derived process status, only those the viewer may open. */
export const StatusWidgetBody = Type.Object({ moduleId: Id, shared: Type.Optional(SharedFilters) });
export type StatusWidgetBody = Static<typeof StatusWidgetBody>;
export const ProcessStatusCounts = Type.Object({
  moduleName: Type.String(),
  total: Type.Integer(),
  statuses: Type.Array(Type.Object({ status: Type.String(), count: Type.Integer() })),
});
export type ProcessStatusCounts = Static<typeof ProcessStatusCounts>;
export const ProcessStatusAnswer = Envelope(ProcessStatusCounts);
