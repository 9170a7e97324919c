import { Envelope, Id, JsonObject, Type, type Static, type TSchema } from '../../../schemas/api/common.js';

/**
 * Workflow actions under /api/EntryModule. The spec passes some parameters in the query (goback, approve) and some
 * in the body, under either spelling (taskId / task_id, recordId / record_id); routes merge query and body and
 * hand the result to the action as plain data. Ids are checked where they are used ("taskId is required."), so
 * either spelling may be the one sent.
 */
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const MaybeId = Type.Optional(Nullable(Type.String({ maxLength: 100 })));
/** A reason, note or message: trimmed and cut to 4,000 characters by the action. */
const Note = Type.Optional(Nullable(Type.String({ maxLength: 100_000 })));

export const SubmitBody = Type.Object({
  moduleId: Id,
  recordId: MaybeId,
  version: Type.Optional(Nullable(Type.Integer())),
  data: Type.Optional(JsonObject),
});
export type SubmitInput = Static<typeof SubmitBody>;

const TaskRef = { taskId: MaybeId, task_id: MaybeId };
const RecordRef = { recordId: MaybeId, record_id: MaybeId };

/** accepted comes as a boolean in the body or as 'true'/'false' in the query; anything else is refused by name. */
const Accepted = Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 10 })]));
export const ApproveBody = Type.Object({
  ...TaskRef,
  accepted: Accepted,
  description: Note,
  data: Type.Optional(JsonObject),
});
export const ApproveQuery = Type.Object({ ...TaskRef, accepted: Accepted });
export type ApproveInput = Static<typeof ApproveBody>;

export const ReassignBody = Type.Object({ ...TaskRef, userId: MaybeId, assignTo: MaybeId, message: Note });
export type ReassignInput = Static<typeof ReassignBody>;

export const ReassignTasksBody = Type.Object({
  taskIds: Type.Array(Id, { minItems: 1, maxItems: 500 }),
  userId: MaybeId,
  assignTo: MaybeId,
  message: Note,
});
export type ReassignTasksInput = Static<typeof ReassignTasksBody>;

export const GoBackBody = Type.Object({ ...TaskRef, goBackToActivityId: MaybeId, message: Note });
export const GoBackQuery = Type.Object({ ...TaskRef, goBackToActivityId: MaybeId });
export type GoBackInput = Static<typeof GoBackBody>;

export const RecordActionBody = Type.Object({ ...RecordRef, message: Note });
export type RecordActionInput = Static<typeof RecordActionBody>;

export const ReminderBody = Type.Object({ ...RecordRef, ...TaskRef, message: Note });
export type ReminderInput = Static<typeof ReminderBody>;

/** What every action answers: the record's new version, its instance and status. */
const Acted = {
  recordId: Type.String(),
  version: Type.Integer(),
  instanceId: Nullable(Type.String()),
  workflow_status: Nullable(Type.String()),
};
export const ActionResult = Type.Object(Acted);
export type ActionResult = Static<typeof ActionResult>;
/** An approval: the outcome followed, and the caller's own next tasks on the record ("approve and next"). */
export const ApproveResult = Type.Object({ ...Acted, outcome: Type.String(), nextTasks: Type.Array(Type.String()) });
export type ApproveResult = Static<typeof ApproveResult>;
export const ReassignResult = Type.Object({ ...Acted, taskId: Type.String() });
export type ReassignResult = Static<typeof ReassignResult>;
export const ReminderResult = Type.Object({ ...Acted, reminded: Type.Integer() });
export type ReminderResult = Static<typeof ReminderResult>;
export const RestartResult = Type.Object({ ...Acted, apiVersion: Type.String() });

export const ActionAnswer = Envelope(ActionResult);
export const ApproveAnswer = Envelope(ApproveResult);
export const ReassignAnswer = Envelope(ReassignResult);
export const ReassignTasksAnswer = Envelope(Type.Array(ReassignResult));
export const ReminderAnswer = Envelope(ReminderResult);
/** Spec section 9: restart answers with its API version (also in the api-version header). */
export const RestartAnswer = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  apiVersion: Type.String(),
  data: RestartResult,
});

export const HistoryParams = Type.Object({ moduleId: Id });
export const HistoryQuery = Type.Object({ recordId: Id });

/** One activity-history entry in the spec's shape, oldest first. */
export const HistoryEntry = Type.Object({
  id: Type.String(),
  instance_id: Nullable(Type.String()),
  activity_id: Nullable(Type.String()),
  activity_title: Nullable(Type.String()),
  task_id: Nullable(Type.String()),
  ActionType: Type.String(),
  Results: Type.Object({
    author_name: Nullable(Type.String()),
    message: Nullable(Type.String()),
    accepted: Nullable(Type.Boolean()),
    created_on: Type.String(),
  }),
  Assignee: Nullable(Type.Object({ approver_name: Nullable(Type.String()) })),
  ApprovalHistory: Nullable(
    Type.Object({
      assigned_to: Type.Optional(Nullable(Type.String())),
      reassigned_to: Type.Optional(Nullable(Type.String())),
      reAssignedTo: Type.Optional(Nullable(Type.String())),
    }),
  ),
  Outcomes: Type.Array(Type.String()),
});
export type HistoryEntry = Static<typeof HistoryEntry>;
export const HistoryAnswer = Envelope(Type.Array(HistoryEntry));
