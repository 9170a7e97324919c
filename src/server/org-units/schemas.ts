import { Envelope, Id, IdParams, Ok, Type, type Static } from '../../../schemas/api/common.js';

/**
 * The organisation's units (a tree) and their members: request and answer shapes, written once. The web app and
 * the Assignment plugin's designer import the types (`import type`) from here.
 */

export { IdParams, Ok };

const Name = Type.String({ minLength: 1, maxLength: 100 });
const Role = Type.String({ maxLength: 60 });
const NullableId = Type.Union([Id, Type.Null()]);

/** One unit of the tree (flat: parentId links them); names of the head and the linked team for display. */
export const OrgUnit = Type.Object({
  id: Type.String(),
  name: Type.String(),
  parentId: Type.Union([Type.String(), Type.Null()]),
  headId: Type.Union([Type.String(), Type.Null()]),
  headName: Type.Union([Type.String(), Type.Null()]),
  teamId: Type.Union([Type.String(), Type.Null()]),
  teamName: Type.Union([Type.String(), Type.Null()]),
  memberCount: Type.Integer(),
});
export type OrgUnit = Static<typeof OrgUnit>;
export const OrgTreeAnswer = Envelope(Type.Array(OrgUnit));

/** A member of a unit: held directly (with a role and an optional explicit manager) or through the linked team. */
export const OrgMember = Type.Object({
  userId: Type.String(),
  fullname: Type.String(),
  username: Type.String(),
  role: Type.Union([Type.String(), Type.Null()]),
  managerId: Type.Union([Type.String(), Type.Null()]),
  managerName: Type.Union([Type.String(), Type.Null()]),
  viaTeam: Type.Boolean(),
});
export type OrgMember = Static<typeof OrgMember>;

export const OrgUnitDetail = Type.Composite([OrgUnit, Type.Object({ members: Type.Array(OrgMember) })]);
export type OrgUnitDetail = Static<typeof OrgUnitDetail>;
export const OrgUnitAnswer = Envelope(OrgUnitDetail);

export const NewUnitBody = Type.Object({
  name: Name,
  parentId: Type.Optional(NullableId),
  headId: Type.Optional(NullableId),
  teamId: Type.Optional(NullableId),
});
export type NewUnitBody = Static<typeof NewUnitBody>;

/** Properties left out keep their value; null clears the head or the team. */
export const UnitChanges = Type.Object({
  name: Type.Optional(Name),
  headId: Type.Optional(NullableId),
  teamId: Type.Optional(NullableId),
});
export type UnitChanges = Static<typeof UnitChanges>;

/** Moves a unit under another (null: to the top). */
export const MoveBody = Type.Object({ parentId: NullableId });
export type MoveBody = Static<typeof MoveBody>;

/** Adds the user to the unit (their one primary unit: from any other they leave) or changes role and manager. */
export const MemberBody = Type.Object({
  role: Type.Optional(Type.Union([Role, Type.Null()])),
  managerId: Type.Optional(NullableId),
});
export type MemberBody = Static<typeof MemberBody>;
export const MemberParams = Type.Object({ id: Id, userId: Id });

export const SearchQuery = Type.Object({ search: Type.String({ minLength: 1, maxLength: 200 }) });

/** A user found by name in the tree, with the unit they belong to. */
export const OrgHit = Type.Object({
  userId: Type.String(),
  fullname: Type.String(),
  username: Type.String(),
  unitId: Type.String(),
  role: Type.Union([Type.String(), Type.Null()]),
});
export type OrgHit = Static<typeof OrgHit>;
export const OrgHitsAnswer = Envelope(Type.Array(OrgHit));

/** The role names used in the organisation (for the workflow designer's "role in the initiator's unit"). */
export const RolesAnswer = Envelope(Type.Array(Type.String()));

export const UserParams = Type.Object({ userId: Id });
/** A user's manager as the engine resolves it, and where it came from. */
export const ManagerAnswer = Envelope(
  Type.Object({
    managerId: Type.Union([Type.String(), Type.Null()]),
    managerName: Type.Union([Type.String(), Type.Null()]),
    source: Type.Union([Type.Literal('explicit'), Type.Literal('unit'), Type.Literal('none')]),
  }),
);
export type ManagerInfo = Static<typeof ManagerAnswer>['data'];
