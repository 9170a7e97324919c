import {
  DatatablePage,
  DatatablePayload,
  Envelope,
  Id,
  JsonObject,
  Type,
  type Static,
  type TSchema,
} from '../../../schemas/api/common.js';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** At most this many records are deleted in one call. */
export const MAX_BULK = 500;

/** One column filter of a record list; the service checks column and operator against the app's columns. */
export const ListFilterInput = Type.Object({
  field: Type.Optional(Type.String({ maxLength: 200 })),
  column: Type.Optional(Type.String({ maxLength: 200 })),
  operator: Type.Optional(Type.String({ maxLength: 40 })),
  value: Type.Optional(Type.Unknown()),
});
export type ListFilterInput = Static<typeof ListFilterInput>;

/** The spec's datatable payload for an app's records; `moduleId` may come in the query instead. */
export const ListBody = Type.Object({
  ...DatatablePayload.properties,
  moduleId: Type.Optional(Id),
  filters: Type.Optional(Type.Array(ListFilterInput, { maxItems: 20 })),
});
export type ListBody = Static<typeof ListBody>;
export const ModuleQuery = Type.Object({ moduleId: Type.Optional(Id) });

/** A column of the list as the table shows it: fields first, then the system columns. */
export const ListColumnView = Type.Object({
  data: Type.String(),
  name: Type.String(),
  field: Type.Boolean(),
  kind: Type.Union([Type.Literal('text'), Type.Literal('number')]),
  orderable: Type.Boolean(),
  searchable: Type.Boolean(),
  /** The fixed set of values the column holds (process status, outcome), offered as filter choices. */
  values: Type.Optional(Type.Array(Type.String())),
});
export type ListColumnView = Static<typeof ListColumnView>;

/** One row of a record list (spec section 2): the listable field values and the system columns. */
export const EntryRow = Type.Object({
  id: Type.String(),
  module_version: Type.Integer(),
  version: Type.Integer(),
  is_draft: Type.Boolean(),
  data: JsonObject,
  sequence_number: Nullable(Type.Integer()),
  process_status: Type.String(),
  process_status_display: Type.String(),
  /** How the process ended: Approved, Rejected or Withdrawn; null while it runs or before it starts. */
  process_outcome: Nullable(Type.String()),
  /** Open tasks: who holds them and at which step. */
  tasks: Type.Array(Type.Object({ assignee: Type.String(), step: Type.String() })),
  workflow_status: Nullable(Type.String()),
  workflow_activity_name: Nullable(Type.String()),
  workflow_started_on: Nullable(Type.String()),
  /** The initiator's name. */
  workflow_initiator_user: Nullable(Type.String()),
  workflow_initiator_email: Nullable(Type.String()),
  workflow_completed_on: Nullable(Type.String()),
  workflow_instance_id: Nullable(Type.String()),
  created_by: Type.String(),
  created_on: Type.String(),
  modified_on: Type.String(),
  mine: Type.Boolean(),
});
export type EntryRow = Static<typeof EntryRow>;

/** A page of records: record lists always answer their page, size, capped count and next cursor. */
export const EntryPage = Type.Object({
  ...DatatablePage(EntryRow).properties,
  page: Type.Integer(),
  length: Type.Integer(),
  countCapped: Type.Boolean(),
  nextCursor: Nullable(Type.String()),
  columns: Type.Array(ListColumnView),
});
export type EntryPage = Static<typeof EntryPage>;

/** Deletes: one id (body or query), or a list of ids (`{ ids }` or the list itself). */
export const DeleteOneBody = Type.Object({ id: Type.Optional(Id) });
export const DeleteOneQuery = Type.Object({ id: Type.Optional(Id) });
const Ids = Type.Array(Id, { maxItems: MAX_BULK });
export const DeleteManyBody = Type.Union([Type.Object({ ids: Ids }), Ids]);
export type DeleteManyBody = Static<typeof DeleteManyBody>;
export const Deleted = Type.Object({ ids: Type.Array(Type.String()) });
export type Deleted = Static<typeof Deleted>;

/** A comment on a record; `record_id` and `comment` are accepted for `recordId` and `message`. */
export const SendCommentBody = Type.Object({
  recordId: Type.Optional(Id),
  record_id: Type.Optional(Id),
  message: Type.Optional(Type.String({ maxLength: 20_000 })),
  comment: Type.Optional(Type.String({ maxLength: 20_000 })),
});
export type SendCommentBody = Static<typeof SendCommentBody>;

export const RecordComment = Type.Object({
  id: Type.String(),
  record_id: Type.String(),
  author_id: Type.String(),
  author_name: Type.String(),
  message: Type.String(),
  created_on: Type.String(),
});
export type RecordComment = Static<typeof RecordComment>;

export const CommentPage = Type.Object({
  comments: Type.Array(RecordComment),
  page: Type.Integer(),
  length: Type.Integer(),
  more: Type.Boolean(),
});
export type CommentPage = Static<typeof CommentPage>;

export const RecordIdParams = Type.Object({ recordId: Id });
export const ModuleIdParams = Type.Object({ moduleId: Id });
export const LoadCommentQuery = Type.Object({
  recordId: Id,
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  length: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

/** Counts of an app's records by derived process status, and the user's drafts. */
export const Summary = Type.Object({
  total: Type.Integer(),
  drafts: Type.Integer(),
  byStatus: Type.Record(Type.String(), Type.Integer()),
  /** Submitted records by how their process ended (Approved, Rejected), and the user's withdrawn drafts. */
  byOutcome: Type.Record(Type.String(), Type.Integer()),
  countCapped: Type.Boolean(),
});
export type Summary = Static<typeof Summary>;

export const ListAnswer = Envelope(EntryPage);
export type ListAnswer = Static<typeof ListAnswer>;
export const DeletedAnswer = Envelope(Deleted);
export const CommentAnswer = Envelope(RecordComment);
export const CommentPageAnswer = Envelope(CommentPage);
export const SummaryAnswer = Envelope(Summary);
