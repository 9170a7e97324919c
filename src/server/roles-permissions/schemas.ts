import { Envelope, Id, StringEnum, Type, type Static, type TSchema } from '../../../schemas/api/common.js';
import { ModulePermission } from '../apps/lifecycle/schemas.js';

export { ModulePermission };

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

const RoleName = StringEnum(['sysAdmin', 'administrator', 'fullUser', 'consultant']);
const RoleGroupName = StringEnum(['admins', 'designers', 'managers', 'sysAdmins']);
const Kind = StringEnum(['sysAdmin', 'administrator', 'consultant', 'fullUser', 'regular']);

/** What one kind of user may do, derived from the route role groups, the menu and the access rules. */
export const RoleKind = Type.Object({
  kind: Kind,
  groups: Type.Array(RoleGroupName),
  routes: Type.Integer(),
  menu: Type.Array(Type.String()),
  bypassesAppRules: Type.Boolean(),
  seesAllRecords: Type.Boolean(),
});
export const RoleGroupRoutes = Type.Object({
  group: Type.String(),
  roles: Type.Array(RoleName),
  routes: Type.Array(Type.String()),
});
export const RolesOverview = Type.Object({
  kinds: Type.Array(RoleKind),
  groups: Type.Array(RoleGroupRoutes),
});
export type RolesOverview = Static<typeof RolesOverview>;
export const RolesOverviewAnswer = Envelope(RolesOverview);

export const AppPermissionRow = Type.Object({
  id: Type.String(),
  name: Type.String(),
  status: Type.String(),
  permission: ModulePermission,
});
export type AppPermissionRow = Static<typeof AppPermissionRow>;
export const AppPermissionList = Envelope(Type.Array(AppPermissionRow));

export const Person = Type.Object({
  id: Type.String(),
  fullname: Type.String(),
  username: Type.String(),
  roles: Type.Array(RoleName),
  active: Type.Boolean(),
});
export type Person = Static<typeof Person>;
export const TeamRow = Type.Object({ id: Type.String(), name: Type.String(), members: Type.Array(Type.String()) });
export const People = Type.Object({ users: Type.Array(Person), teams: Type.Array(TeamRow), capped: Type.Boolean() });
export type People = Static<typeof People>;
export const PeopleAnswer = Envelope(People);

export const RecordPick = Type.Object({
  id: Type.String(),
  sequence_number: Nullable(Type.Integer()),
  is_draft: Type.Boolean(),
  status: Nullable(Type.String()),
  created_by_name: Nullable(Type.String()),
  created_on: Type.String(),
});
export type RecordPick = Static<typeof RecordPick>;
export const RecordPickAnswer = Envelope(Type.Array(RecordPick));
export const ModuleParams = Type.Object({ moduleId: Id });

export const SavePermissionBody = Type.Object({ permission: ModulePermission });
export type SavePermissionBody = Static<typeof SavePermissionBody>;
export const SavedAnswer = Envelope(Type.Object({ id: Type.String() }));

export const ExplainBody = Type.Object({ userId: Id, moduleId: Id, recordId: Type.Optional(Id) });
export type ExplainBody = Static<typeof ExplainBody>;
const Reason = Type.Object({
  key: Type.String(),
  ok: Nullable(Type.Boolean()),
  params: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export const Explanation = Type.Object({
  user: Person,
  teams: Type.Array(Type.String()),
  app: Type.Object({ id: Type.String(), name: Type.String() }),
  record: Type.Optional(
    Type.Object({ id: Type.String(), sequence_number: Nullable(Type.Integer()), is_draft: Type.Boolean() }),
  ),
  verdicts: Type.Object({
    create: Type.Boolean(),
    view: Type.Boolean(),
    edit: Type.Boolean(),
    delete: Type.Boolean(),
    design: Type.Boolean(),
    reports: Type.Boolean(),
    open: Type.Optional(Type.Boolean()),
    listed: Type.Optional(Type.Boolean()),
    saveDraft: Type.Optional(Type.Boolean()),
  }),
  reasons: Type.Array(Reason),
  /** Field rules at the record's step (or the start step): counts, and the labels of hidden fields. */
  fields: Nullable(
    Type.Object({
      step: Type.String(),
      editable: Type.Integer(),
      readonly: Type.Integer(),
      hidden: Type.Array(Type.String()),
    }),
  ),
});
export type Explanation = Static<typeof Explanation>;
export const ExplanationAnswer = Envelope(Explanation);

const Change = Type.Object({ users: Type.Integer(), records: Type.Integer(), names: Type.Array(Type.String()) });
const Changes = Type.Object({ gained: Change, lost: Change });
export const WhatIf = Type.Object({
  users: Type.Integer(),
  view: Changes,
  create: Changes,
  edit: Changes,
  delete: Changes,
  design: Changes,
  reports: Changes,
});
export type WhatIf = Static<typeof WhatIf>;
export const WhatIfAnswer = Envelope(WhatIf);
