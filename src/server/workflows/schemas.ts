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
