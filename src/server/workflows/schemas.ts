import { Envelope, Id, Type, type Static } from '../../../schemas/api/common.js';

/** Approvers to pick in the workflow designer: searchTerm filters by name, user name or e-mail. */
export const LookupQuery = Type.Object({ searchTerm: Type.Optional(Type.String({ maxLength: 100 })) });
export type LookupQuery = Static<typeof LookupQuery>;

/** One approver to pick: an active user (with user name and e-mail) or a team of the tenant. */
export const Assignee = Type.Object({
  id: Id,
  type: Type.Union([Type.Literal('user'), Type.Literal('team')]),
  name: Type.String(),
  username: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
});
export type Assignee = Static<typeof Assignee>;

export const AssigneesAnswer = Envelope(Type.Array(Assignee));

/** Which step's field rules to explain: the app, and a step of its published workflow (the start when absent). */
export const PermissibleQuery = Type.Object({
  moduleId: Id,
  activityId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});
export type PermissibleQuery = Static<typeof PermissibleQuery>;

/** Each field of the form, in form order, with what a person at that step may do with it. */
export const PermissibleFields = Type.Object({
  moduleId: Type.String(),
  version: Type.Integer(),
  step: Type.String(),
  fields: Type.Array(
    Type.Object({
      name: Type.String(),
      label: Type.String(),
      access: Type.Union([Type.Literal('editable'), Type.Literal('readonly'), Type.Literal('hidden')]),
    }),
  ),
});
export type PermissibleFields = Static<typeof PermissibleFields>;
export const PermissibleAnswer = Envelope(PermissibleFields);

/** Whom to hand a task of this record to: the caller's own open task on it, or (administrators) the named one. */
export const RecordAssigneeQuery = Type.Object({
  recordId: Id,
  taskId: Type.Optional(Id),
  searchTerm: Type.Optional(Type.String({ maxLength: 100 })),
});

export const ShareQuery = Type.Object({ recordId: Id });

/** Why someone sees a record, by the visibility rule: they created it, started its workflow or hold(held) a task. */
export const RecordShare = Type.Object({
  recordId: Type.String(),
  people: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      email: Type.String(),
      active: Type.Boolean(),
      reasons: Type.Array(Type.Union([Type.Literal('creator'), Type.Literal('initiator'), Type.Literal('task')])),
      tasks: Type.Array(
        Type.Object({
          activity_title: Type.String(),
          status: Type.String(),
          outcome: Type.Union([Type.String(), Type.Null()]),
          started_on: Type.String(),
          completed_on: Type.Union([Type.String(), Type.Null()]),
        }),
      ),
    }),
  ),
  /** Active administrators of the organisation: they see every record. */
  administrators: Type.Integer(),
});
export type RecordShare = Static<typeof RecordShare>;
export const ShareAnswer = Envelope(RecordShare);
