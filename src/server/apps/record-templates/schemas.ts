import { Envelope, Id, JsonObject, Type, type Static } from '../../../../schemas/api/common.js';

/** A record template as listed: spec section 2 (moduleId, templateId, templateName, index). */
export const RecordTemplate = Type.Object({
  moduleId: Type.String(),
  templateId: Type.String(),
  templateName: Type.String(),
  index: Type.Integer(),
});
export type RecordTemplate = Static<typeof RecordTemplate>;

/** One template with the record values it holds. */
export const RecordTemplateWithData = Type.Composite([RecordTemplate, Type.Object({ data: JsonObject })]);
export type RecordTemplateWithData = Static<typeof RecordTemplateWithData>;

/** POST recordtemplate: a new template (templateName) or new values for one (templateId); the body is the values. */
export const SaveQuery = Type.Object({
  moduleId: Id,
  templateId: Type.Optional(Type.String({ maxLength: 100 })),
  templateName: Type.Optional(Type.String({ maxLength: 200 })),
});
export type SaveQuery = Static<typeof SaveQuery>;
export const TemplateValues = JsonObject;

export const ModuleParams = Type.Object({ moduleId: Id });
export const TemplateParams = Type.Object({ moduleId: Id, templateId: Id });

/** The new name comes in the query (spec) or the body. */
export const RenameQuery = Type.Object({ templateId: Id, name: Type.Optional(Type.String({ maxLength: 200 })) });
export const RenameBody = Type.Object({ name: Type.Optional(Type.String({ maxLength: 200 })) });
export const OrderQuery = Type.Object({ templateId: Id, index: Type.Integer({ minimum: 0, maximum: 100_000 }) });

export const TemplatePosition = Type.Object({ templateId: Type.String(), index: Type.Integer() });
export type TemplatePosition = Static<typeof TemplatePosition>;

export const TemplateAnswer = Envelope(RecordTemplate);
export const TemplateListAnswer = Envelope(Type.Array(RecordTemplate));
export const TemplateDataAnswer = Envelope(RecordTemplateWithData);
export const DeletedAnswer = Envelope(Type.Object({ templateId: Type.String() }));
export const OrderAnswer = Envelope(Type.Array(TemplatePosition));
