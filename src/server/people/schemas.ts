import {
  DatatablePage,
  Envelope,
  Id,
  IdParams,
  Ok,
  StringEnum,
  Type,
  type Static,
} from '../../../schemas/api/common.js';
import { RoleFlags } from '../identity/schemas.js';

/**
 * Users and teams of the tenant (user management and team management pages): request and answer shapes, written
 * once. The web app imports the types (`import type`) from here.
 */

export const LICENCES = ['FULL_USER', 'REGULAR_USER'] as const;
export const Licence = StringEnum(LICENCES);
export type Licence = Static<typeof Licence>;
export const UserStatus = StringEnum(['active', 'inactive']);
export type UserStatus = Static<typeof UserStatus>;

/** A user as the management screens see it (never the password hash or second-factor secrets). */
export const ManagedUser = Type.Composite([
  Type.Object({ id: Type.String(), username: Type.String(), email: Type.String(), fullname: Type.String() }),
  RoleFlags,
  Type.Object({ license: Type.String(), status: UserStatus, created_on: Type.String(), modified_on: Type.String() }),
]);
export type ManagedUser = Static<typeof ManagedUser>;

export const TeamRef = Type.Object({ id: Type.String(), name: Type.String() });
export type TeamRef = Static<typeof TeamRef>;

/** One user with the teams they belong to. */
export const UserDetail = Type.Composite([ManagedUser, Type.Object({ teams: Type.Array(TeamRef) })]);
export type UserDetail = Static<typeof UserDetail>;

export const UserPage = DatatablePage(ManagedUser);
export type UserPage = Static<typeof UserPage>;

/** Free text is bounded here; the spec's own limits and words ('Cannot exceed 64 characters') come from rules.ts. */
const Text = (maxLength: number) => Type.String({ maxLength });

export const UserListQuery = Type.Object({
  license: Type.Optional(Licence),
  status: Type.Optional(UserStatus),
  search: Type.Optional(Text(200)),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  length: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type UserListQuery = Static<typeof UserListQuery>;

/** Role flags left out keep their value (on create: off). An empty password means "none" (create: invite by mail). */
export const UserChanges = Type.Object({
  email: Type.Optional(Text(1000)),
  fullname: Type.Optional(Text(1000)),
  isSysAdmin: Type.Optional(Type.Boolean()),
  isAdministrator: Type.Optional(Type.Boolean()),
  isFullUser: Type.Optional(Type.Boolean()),
  isConsultant: Type.Optional(Type.Boolean()),
  license: Type.Optional(Licence),
  password: Type.Optional(Text(1000)),
});
export type UserChanges = Static<typeof UserChanges>;

/** A new user: username, e-mail and full name are required (their spec rules are checked by the service). */
export const NewUser = Type.Composite([
  UserChanges,
  Type.Object({ username: Text(1000), email: Text(1000), fullname: Text(1000) }),
]);
export type NewUser = Static<typeof NewUser>;

export const Team = Type.Object({
  id: Type.String(),
  name: Type.String(),
  modified_on: Type.String(),
  member_count: Type.Integer(),
});
export type Team = Static<typeof Team>;

export const TeamMember = Type.Object({
  id: Type.String(),
  username: Type.String(),
  fullname: Type.String(),
  email: Type.String(),
  status: Type.String(),
});
export type TeamMember = Static<typeof TeamMember>;

export const TeamDetail = Type.Object({ id: Type.String(), name: Type.String(), members: Type.Array(TeamMember) });
export type TeamDetail = Static<typeof TeamDetail>;

export const TeamQuery = Type.Object({ search: Type.Optional(Text(200)) });
export const TeamBody = Type.Object({ name: Text(1000) });
export type TeamBody = Static<typeof TeamBody>;
export const MemberBody = Type.Object({ userId: Id });
export const MemberParams = Type.Object({ id: Id, userId: Id });

export const UserPageAnswer = Envelope(UserPage);
export const UserAnswer = Envelope(ManagedUser);
export const UserDetailAnswer = Envelope(UserDetail);
export const TeamsAnswer = Envelope(Type.Array(Team));
export const TeamRefsAnswer = Envelope(Type.Array(TeamRef));
export const TeamRefAnswer = Envelope(TeamRef);
export const TeamDetailAnswer = Envelope(TeamDetail);
export { IdParams, Ok, RoleFlags };
