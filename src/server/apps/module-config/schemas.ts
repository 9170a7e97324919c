import { Envelope, Id, Json, JsonObject, Type, type Static } from '../../../../schemas/api/common.js';

export const ModuleQuery = Type.Object({ moduleId: Id });

/** An app's list settings: everyone's default, the caller's own per tab, and the reassignment switch. */
export const ModuleConfig = Type.Object({
  moduleId: Type.String(),
  defaultConfig: JsonObject,
  userConfig: JsonObject,
  is_reassignment_disabled: Type.Boolean(),
});
export type ModuleConfig = Static<typeof ModuleConfig>;

/** PUT setuserconfig: the body is the tab's configuration, a JSON object or list (checked by the service). */
export const UserConfigQuery = Type.Object({ moduleId: Id, tabConfig: Type.Optional(Type.String({ maxLength: 64 })) });
export const UserConfigBody = Json;
export const SavedUserConfig = Type.Object({ moduleId: Type.String(), tab: Type.String() });
export type SavedUserConfig = Static<typeof SavedUserConfig>;

/** POST applyconfigalluser: the configuration to apply, or nothing to apply the caller's own. */
export const ApplyConfigBody = JsonObject;
export const AppliedConfig = Type.Object({ moduleId: Type.String(), defaultConfig: JsonObject });

/** The switch comes in the query (spec) or the body. */
export const ReassignmentQuery = Type.Object({
  moduleId: Id,
  isReassignmentDisabled: Type.Optional(Type.Boolean()),
});
export const ReassignmentBody = Type.Object({ isReassignmentDisabled: Type.Optional(Type.Boolean()) });
export const Reassignment = Type.Object({ moduleId: Type.String(), isReassignmentDisabled: Type.Boolean() });

/** A placeholder an e-mail template may use. */
export const TemplateField = Type.Object({ name: Type.String(), label: Type.String() });
export type TemplateField = Static<typeof TemplateField>;

export const EmailTemplate = Type.Object({ subject: Type.String(), body: Type.String() });
export type EmailTemplate = Static<typeof EmailTemplate>;
/** Templates by event (submit, reassign, rejected, restart, sendback, completed, approve). */
export const EmailTemplates = Type.Record(Type.String(), EmailTemplate);
export type EmailTemplates = Static<typeof EmailTemplates>;

/**
 * One event's template (`event`, `subject`, `body`) or several (`templates`); the app from the body or the query.
 * Lengths past the spec's limits are refused by the service with its own words; these bounds only cap the input.
 */
export const UpdateEmailTemplateBody = Type.Object({
  moduleId: Type.Optional(Id),
  event: Type.Optional(Type.String({ maxLength: 50 })),
  subject: Type.Optional(Type.String({ maxLength: 1000 })),
  body: Type.Optional(Type.String({ maxLength: 50_000 })),
  templates: Type.Optional(
    Type.Record(
      Type.String(),
      Type.Object({
        subject: Type.Optional(Type.String({ maxLength: 1000 })),
        body: Type.Optional(Type.String({ maxLength: 50_000 })),
      }),
      { maxProperties: 20 },
    ),
  ),
});
export type UpdateEmailTemplateBody = Static<typeof UpdateEmailTemplateBody>;
export const OptionalModuleQuery = Type.Object({ moduleId: Type.Optional(Id) });

export const ModuleConfigAnswer = Envelope(ModuleConfig);
export const SavedUserConfigAnswer = Envelope(SavedUserConfig);
export const AppliedConfigAnswer = Envelope(AppliedConfig);
export const ReassignmentAnswer = Envelope(Reassignment);
export const TemplateFieldsAnswer = Envelope(Type.Array(TemplateField));
export const EmailTemplatesAnswer = Envelope(EmailTemplates);
