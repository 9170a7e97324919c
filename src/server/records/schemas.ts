import { Envelope, Id, JsonObject, Type, type Static, type TSchema } from '../../../schemas/api/common.js';
import type { ModuleDefinition } from '../../../schemas/module-definition.js';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** What a step lets a viewer do with one field (runtime/permissions). */
export const AccessLevel = Type.Union([Type.Literal('editable'), Type.Literal('readonly'), Type.Literal('hidden')]);
export const AccessMap = Type.Record(Type.String(), AccessLevel);

/**
 * A module definition as the designer stores it (schemas/module-definition.ts): sent whole, so every key is kept
 * (an open object: a response schema drops undeclared properties).
 */
export const Definition = Type.Unsafe<ModuleDefinition>({ type: 'object', additionalProperties: true });

/** Save a draft: create one (no recordId) or update one of the user's own (recordId and its version). */
export const SaveBody = Type.Object({
  moduleId: Id,
  recordId: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  data: JsonObject,
  version: Type.Optional(Nullable(Type.Integer())),
});
export type SaveBody = Static<typeof SaveBody>;

export const Saved = Type.Object({ id: Type.String(), version: Type.Integer(), data: JsonObject });
export type Saved = Static<typeof Saved>;

/** The form of an app's published version, for a new record (fs-start permissions). */
export const FormView = Type.Object({
  id: Type.String(),
  display_name: Type.String(),
  module_version: Type.Integer(),
  definition: Definition,
  access: AccessMap,
  /** The step a submitted record goes to first, when the workflow says so before the values are known. */
  first_step: Nullable(Type.String()),
});
export type FormView = Static<typeof FormView>;

export const RecordTask = Type.Object({
  id: Type.String(),
  status: Type.String(),
  activity_id: Type.String(),
  activity_title: Type.String(),
  task_type: Type.String(),
  due_on: Nullable(Type.String()),
  version: Type.Integer(),
  /** Approving this task needs a comment (the step says so); rejecting always does. */
  comment_required: Type.Boolean(),
});

export const GoBackTarget = Type.Object({ activityId: Type.String(), title: Type.String(), type: Type.String() });

/** A record under the permissions of the viewer's step: hidden fields are in neither `data` nor `definition`. */
export const RecordDetail = Type.Object({
  id: Type.String(),
  module_id: Type.String(),
  module_version: Type.Integer(),
  version: Type.Integer(),
  is_draft: Type.Boolean(),
  data: JsonObject,
  access: AccessMap,
  step: Type.String(),
  definition: Definition,
  task: Nullable(RecordTask),
  /** What this viewer may do now: approve, reject, reassign, goback, withdraw, reminder, restart. */
  actions: Type.Array(Type.String()),
  goBackTargets: Type.Array(GoBackTarget),
  process_status: Type.String(),
  process_status_display: Type.String(),
  workflow_status: Nullable(Type.String()),
  workflow_activity_id: Nullable(Type.String()),
  workflow_activity_name: Nullable(Type.String()),
  workflow_started_on: Nullable(Type.String()),
  workflow_initiator_user: Nullable(Type.String()),
  workflow_initiator_email: Nullable(Type.String()),
  workflow_completed_on: Nullable(Type.String()),
  workflow_faulted_on: Nullable(Type.String()),
  workflow_instance_id: Nullable(Type.String()),
  created_by: Type.String(),
  created_on: Type.String(),
  modified_on: Type.String(),
});
export type RecordDetail = Static<typeof RecordDetail>;

export const RecordIdParams = Type.Object({ recordId: Id });
export const DetailQuery = Type.Object({ taskId: Type.Optional(Id) });
export const ModuleIdParams = Type.Object({ moduleId: Id });

export const SaveAnswer = Envelope(Saved);
export const DetailAnswer = Envelope(RecordDetail);
export const FormAnswer = Envelope(FormView);
