import { Envelope, Id, NoBody, Type, type Static } from '../../../schemas/api/common.js';

export const ModuleParams = Type.Object({ moduleId: Id });
export type ModuleParams = Static<typeof ModuleParams>;

/** The form's current values; `recordId` (and `taskId`) when editing a saved record at its step. */
export const SuggestBody = Type.Object({
  values: Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), { maxProperties: 500 }),
  recordId: Type.Optional(Id),
  taskId: Type.Optional(Id),
});
export type SuggestBody = Static<typeof SuggestBody>;

/** A suggested value of a choice field, with its option's label and the model's confidence (0..1). */
export const Suggestion = Type.Object({
  field: Type.String(),
  value: Type.String(),
  label: Type.String(),
  confidence: Type.Number(),
});
export type Suggestion = Static<typeof Suggestion>;
export const SuggestAnswer = Envelope(Type.Array(Suggestion));

/** What the app's designer sees of its models: per field, examples and values learned and when. */
export const ModelStatus = Type.Object({
  field: Type.String(),
  ready: Type.Boolean(),
  examples: Type.Number(),
  values: Type.Number(),
  recordsSeen: Type.Number(),
  trainedVersion: Type.Number(),
  trainedOn: Type.String(),
});
export type ModelStatus = Static<typeof ModelStatus>;
export const StatusAnswer = Envelope(Type.Array(ModelStatus));
export const TrainBody = NoBody;
