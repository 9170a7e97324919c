import {
  DatatablePage,
  Envelope,
  Id,
  Json,
  JsonObject,
  StringEnum,
  Type,
  type Static,
  type TSchema,
} from '../../../../schemas/api/common.js';
import type { ModuleDefinition } from '../../../../schemas/module-definition.js';
import type { WorkflowDefinition } from '../../../../schemas/workflow-definition.js';
import { EmailTemplates } from '../module-config/schemas.js';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Text = (maxLength: number) => Type.String({ maxLength });

export const AppStatus = StringEnum(['Draft', 'Published']);

/** An app as the lists show it (spec section 7). */
export const AppListRow = Type.Object({
  id: Type.String(),
  display_name: Type.String(),
  module_description: Nullable(Type.String()),
  app_icon: Nullable(Type.String()),
  status: AppStatus,
  /** The published version (null while only a draft exists); `published_version` says the same. */
  module_version: Nullable(Type.Integer()),
  published_version: Nullable(Type.Integer()),
  application_module_category_id: Nullable(Type.String()),
  add_to_quick_launch: Type.Boolean(),
  created_on: Type.String(),
  modified_on: Type.String(),
});
export type AppListRow = Static<typeof AppListRow>;

export const MostUsedRow = Type.Composite([AppListRow, Type.Object({ record_count: Type.Integer() })]);
export type MostUsedRow = Static<typeof MostUsedRow>;

export const AppPage = DatatablePage(AppListRow);
export type AppPage = Static<typeof AppPage>;

/** Who may create, view, edit or delete an app's records, design it or report on it (access/modules.ts). */
export const ModuleAction = StringEnum(['create', 'view', 'edit', 'delete', 'design', 'reports']);
export type ModuleAction = Static<typeof ModuleAction>;
export const AccessRule = Type.Object({
  everyone: Type.Optional(Type.Boolean()),
  roles: Type.Optional(Type.Array(StringEnum(['sysAdmin', 'administrator', 'fullUser', 'consultant']))),
  users: Type.Optional(Type.Array(Type.String())),
  teams: Type.Optional(Type.Array(Type.String())),
});
export type AccessRule = Static<typeof AccessRule>;
export const ModulePermission = Type.Object(
  {
    rules: Type.Optional(
      Type.Object({
        create: Type.Optional(AccessRule),
        view: Type.Optional(AccessRule),
        edit: Type.Optional(AccessRule),
        delete: Type.Optional(AccessRule),
        design: Type.Optional(AccessRule),
        reports: Type.Optional(AccessRule),
      }),
    ),
  },
  { additionalProperties: true },
);
export type ModulePermission = Static<typeof ModulePermission>;

/** Stored documents the designers own, answered as stored. */
const StoredModule = Type.Unsafe<ModuleDefinition>({});
const StoredWorkflow = Type.Unsafe<WorkflowDefinition>({});

/** The spec's module/form shape for the designer (GetForm). */
export const DesignedApp = Type.Object({
  id: Type.String(),
  display_name: Type.String(),
  module_description: Nullable(Type.String()),
  application_module_category_id: Nullable(Type.String()),
  app_icon: Nullable(Type.String()),
  add_to_quick_launch: Type.Boolean(),
  ocr_provider_id: Nullable(Type.String()),
  ocr_provider_name: Nullable(Type.String()),
  ml_service_id: Nullable(Type.String()),
  help_file_url: Nullable(Type.String()),
  status: AppStatus,
  module_version: Nullable(Type.Integer()),
  is_reassignment_disabled: Type.Boolean(),
  module_draft: StoredModule,
  workflow_draft: StoredWorkflow,
  permission: ModulePermission,
  email_templates: EmailTemplates,
  defaultConfig: JsonObject,
  created_by: Type.String(),
  created_on: Type.String(),
  modified_by: Type.String(),
  modified_on: Type.String(),
});
export type DesignedApp = Static<typeof DesignedApp>;

/**
 * The structure of a draft definition that the compiler walks, typed and bounded, so no draft can make it fail;
 * everything else a draft may still get wrong (names, settings, formulas) comes back as warnings, and publishing
 * refuses it.
 */
const DraftRule = Type.Object({
  kind: Type.Optional(Text(20)),
  when: Type.Optional(
    Type.Object({ field: Text(200), operator: Text(50), value: Type.Optional(Json), type: Type.Optional(Text(20)) }),
  ),
  expression: Type.Optional(Text(20_000)),
  message: Type.Optional(Text(2_000)),
});
const DraftField = Type.Object({
  name: Text(200),
  label: Type.Optional(Text(2_000)),
  fieldType: Text(100),
  config: Type.Optional(JsonObject),
  formula: Type.Optional(Text(20_000)),
  regex: Type.Optional(Text(2_000)),
  columnWidth: Type.Optional(Type.Number()),
  rules: Type.Optional(Type.Array(DraftRule, { maxItems: 100 })),
});
const DraftGroup = Type.Object({
  id: Text(200),
  label: Type.Optional(Text(2_000)),
  headers: Type.Optional(Type.Array(Text(2_000), { maxItems: 100 })),
  isTable: Type.Optional(Type.Boolean()),
  rows: Type.Array(Type.Object({ fields: Type.Array(DraftField, { maxItems: 50 }) }), { maxItems: 1_000 }),
});
export const DraftModule = Type.Unsafe<ModuleDefinition>(
  Type.Object({
    display_name: Type.Optional(Text(200)),
    fieldGroups: Type.Array(DraftGroup, { maxItems: 200 }),
    emailTemplates: Type.Optional(JsonObject),
    permission: Type.Optional(JsonObject),
  }),
);
export const DraftWorkflow = Type.Unsafe<WorkflowDefinition>(
  Type.Object({
    activities: Type.Array(JsonObject, { maxItems: 500 }),
    connections: Type.Array(JsonObject, { maxItems: 5_000 }),
    permissions: Type.Optional(JsonObject),
  }),
);

/** SaveForm: the form's draft, and the workflow's when the workflow designer saves. */
export const SaveFormBody = Type.Object({ module: DraftModule, workflow: Type.Optional(DraftWorkflow) });
export type SaveFormBody = Static<typeof SaveFormBody>;

/** A problem the compiler found; `blocksSave`: not even a draft may keep it. */
export const CompileIssue = Type.Object({
  field: Type.Optional(Type.String()),
  message: Type.String(),
  blocksSave: Type.Optional(Type.Boolean()),
});
export const SavedDraft = Type.Object({ warnings: Type.Array(CompileIssue) });
export type SavedDraft = Static<typeof SavedDraft>;

export const Published = Type.Object({ id: Type.String(), version: Type.Integer() });
export type Published = Static<typeof Published>;

/**
 * The spec's new app form (section 3). Texts are bounded here only to cap the input: the spec's own limits
 * (name 40, description 250) are checked by the rules, which answer in the spec's words.
 */
export const CreateAppBody = Type.Object({
  name: Text(1_000),
  description: Type.Optional(Nullable(Text(2_000))),
  categoryId: Type.Optional(Nullable(Text(100))),
  ocrProviderId: Type.Optional(Nullable(Text(100))),
  ocrProviderName: Type.Optional(Nullable(Text(200))),
  /** A JSON string listing service ids. */
  machineLearningServiceId: Type.Optional(Nullable(Text(2_000))),
  appIcon: Type.Optional(Nullable(Text(64))),
  addToQuickLaunch: Type.Optional(Type.Boolean()),
});
export type CreateAppBody = Static<typeof CreateAppBody>;

/** UpdateModule: only the parts given change; `permission` is checked by the access module. */
export const UpdateAppBody = Type.Object({
  id: Type.Optional(Id),
  name: Type.Optional(Text(1_000)),
  description: Type.Optional(Nullable(Text(2_000))),
  categoryId: Type.Optional(Nullable(Text(100))),
  appIcon: Type.Optional(Nullable(Text(64))),
  addToQuickLaunch: Type.Optional(Type.Boolean()),
  helpFileUrl: Type.Optional(Nullable(Text(2_000))),
  ocrProviderId: Type.Optional(Nullable(Text(100))),
  ocrProviderName: Type.Optional(Nullable(Text(200))),
  machineLearningServiceId: Type.Optional(Nullable(Text(2_000))),
  permission: Type.Optional(Json),
});
export type UpdateAppBody = Static<typeof UpdateAppBody>;

/** CopyFrom: the source app (`id`, in the body or the query) under a new name. */
export const CopyAppBody = Type.Object({
  id: Type.Optional(Id),
  name: Text(1_000),
  description: Type.Optional(Nullable(Text(2_000))),
});
export type CopyAppBody = Static<typeof CopyAppBody>;

export const IdQuery = Type.Object({ id: Id });
export const OptionalIdQuery = Type.Object({ id: Type.Optional(Id) });
/** DeleteForm: the app in the query (spec) or the body. */
export const DeleteAppQuery = Type.Object({ moduleId: Type.Optional(Id) });
export const DeleteAppBody = Type.Object({ moduleId: Type.Optional(Id) });
export const ListFormsQuery = Type.Object({ searchTerm: Type.Optional(Text(1_000)) });

export const AppId = Type.Object({ id: Type.String() });
export type AppId = Static<typeof AppId>;

export const NamesAnswer = Envelope(Type.Array(Type.String()));
export const AppIdAnswer = Envelope(AppId);
export const DesignedAppAnswer = Envelope(DesignedApp);
export const SavedDraftAnswer = Envelope(SavedDraft);
export const PublishedAnswer = Envelope(Published);
export const AppListAnswer = Envelope(Type.Array(AppListRow));
export const MostUsedAnswer = Envelope(Type.Array(MostUsedRow));
export const AppPageAnswer = Envelope(AppPage);
