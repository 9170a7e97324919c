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
  /** Records held out of training to check the model, and the share of them it predicted right (null: too few). */
  heldOut: Type.Number(),
  accuracy: Type.Union([Type.Number(), Type.Null()]),
});
export type ModelStatus = Static<typeof ModelStatus>;
export const StatusAnswer = Envelope(Type.Array(ModelStatus));
export const TrainBody = NoBody;

/** A field a service may suggest (a single-choice dropdown of the published form). */
export const TargetOption = Type.Object({ name: Type.String(), label: Type.String() });

/** The designer's view of which fields get suggestions. */
export const TargetChoice = Type.Object({
  /** The app has a published version whose fields can be chosen. */
  published: Type.Boolean(),
  /** A chosen service may suggest several fields (the licensed one); otherwise one field. */
  several: Type.Boolean(),
  available: Type.Array(TargetOption),
  /** The fields suggested now (the designer's choice, or the service's default). */
  chosen: Type.Array(Type.String()),
  /** Whether the designer chose them (false: the service's default). */
  custom: Type.Boolean(),
});
export type TargetChoice = Static<typeof TargetChoice>;
export const TargetChoiceAnswer = Envelope(TargetChoice);

/** The fields to suggest; an empty list goes back to the service's default. */
export const TargetsBody = Type.Object({
  fields: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 200 }),
});
export type TargetsBody = Static<typeof TargetsBody>;
