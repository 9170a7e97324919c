import {
  DatatablePage,
  DatatablePayload,
  Envelope,
  Id,
  NoBody,
  Type,
  type Static,
  type TSchema,
} from '../../../schemas/api/common.js';
import { RecordDetail } from '../records/schemas.js';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** The task lists' payload: the spec's datatable payload. */
export const TaskListBody = DatatablePayload;
export type TaskListBody = Static<typeof TaskListBody>;
/** Another user's open tasks (administrators); `userId` in the body or the query. */
export const UserTasksBody = Type.Object({ ...DatatablePayload.properties, userId: Type.Optional(Id) });
export const UserTasksQuery = Type.Object({ userId: Type.Optional(Id) });
/** A team's open tasks (its members and administrators); `teamId` in the body or the query. */
export const TeamTasksBody = Type.Object({ ...DatatablePayload.properties, teamId: Type.Optional(Id) });
export const TeamTasksQuery = Type.Object({ teamId: Type.Optional(Id) });
export const TotalBody = NoBody;
export const TaskIdParams = Type.Object({ taskId: Id });

/** One row of a task list (spec section 2), with its app's name and the record's initiator. */
export const TaskRow = Type.Object({
  id: Type.String(),
  task_id: Type.String(),
  record_id: Type.String(),
  module_id: Type.String(),
  activity_id: Type.String(),
  activity_title: Type.String(),
  task_type: Type.String(),
  assigned_from_user: Nullable(Type.String()),
  started_on: Type.String(),
  due_on: Nullable(Type.String()),
  status: Type.String(),
  outcome: Nullable(Type.String()),
  team_id: Nullable(Type.String()),
  message: Nullable(Type.String()),
  /** The app's name. */
  display_name: Nullable(Type.String()),
  /** The initiator's name. */
  record_started_by: Nullable(Type.String()),
  workflow_status: Nullable(Type.String()),
});
export type TaskRow = Static<typeof TaskRow>;

export const TaskPage = DatatablePage(TaskRow);
export type TaskPage = Static<typeof TaskPage>;

/** One task with the record under the permissions of its step: the list's row with who holds it and its version. */
export const TaskDetail = Type.Composite([
  Type.Omit(TaskRow, ['team_id', 'workflow_status']),
  Type.Object({ assignee_id: Type.String(), version: Type.Integer(), record: RecordDetail }),
]);
export type TaskDetail = Static<typeof TaskDetail>;

export const TaskPageAnswer = Envelope(TaskPage);
export type TaskPageAnswer = Static<typeof TaskPageAnswer>;
export const TotalAnswer = Envelope(Type.Integer());
export type TotalAnswer = Static<typeof TotalAnswer>;
export const TaskDetailAnswer = Envelope(TaskDetail);
