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
export const PermissibleAnswer = Envelope(PermissibleFields);
