import { Envelope, Id, Type, type Static } from '../../../schemas/api/common.js';

/** A published app a lookup may pick records from. */
export const LookupApp = Type.Object({ id: Type.String(), name: Type.String() });
export type LookupApp = Static<typeof LookupApp>;

/** A field of that app its lists may show (no step of it hides the field). */
export const LookupColumn = Type.Object({ name: Type.String(), label: Type.String(), kind: Type.String() });
export type LookupColumn = Static<typeof LookupColumn>;

export const ColumnQuery = Type.Object({ moduleId: Id });

/**
 * A search by a lookup field of an app's form: the server reads the field's settings from the form itself (the
 * browser names only the field), with the form's current `values` for filters that compare with other fields.
 * `recordId` names the record being edited (its version's form is used); without it, the app's published form.
 */
export const RecordLookupBody = Type.Object({
  moduleId: Id,
  field: Type.String({ minLength: 1, maxLength: 64 }),
  recordId: Type.Optional(Id),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  cursor: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  length: Type.Optional(Type.Union([Type.Literal(10), Type.Literal(20), Type.Literal(50)])),
  values: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type RecordLookupBody = Static<typeof RecordLookupBody>;

/** AggregateLookup: a field that sums up records of another app, over the records named by `ids`. */
export const AggregateBody = Type.Object({
  moduleId: Id,
  field: Type.String({ minLength: 1, maxLength: 64 }),
  recordId: Type.Optional(Id),
  ids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 500 }),
});
export type AggregateBody = Static<typeof AggregateBody>;
export const Aggregate = Type.Object({
  /** The count, sum, average, least or greatest value; null when there is nothing to sum up. */
  value: Type.Union([Type.Number(), Type.Null()]),
  /** How many of the named records the caller may see (the others count for nothing). */
  count: Type.Integer(),
});
export const AggregateAnswer = Envelope(Aggregate);

/** One record by id, as the field would offer it (the same checks as a search). */
export const RecordLookupQuery = Type.Object({
  moduleId: Id,
  field: Type.String({ minLength: 1, maxLength: 64 }),
  id: Id,
  recordId: Type.Optional(Id),
});

export const LookupItem = Type.Object({
  id: Type.String(),
  label: Type.String(),
  values: Type.Record(Type.String(), Type.Unknown()),
  /** Remote items only: the server's signature, sent back with the value when the record is saved. */
  token: Type.Optional(Type.String()),
});
export const LookupPage = Type.Object({
  items: Type.Array(LookupItem),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type LookupPage = Static<typeof LookupPage>;

export const AppsAnswer = Envelope(Type.Array(LookupApp));
export const ColumnsAnswer = Envelope(Type.Array(LookupColumn));
export const LookupPageAnswer = Envelope(LookupPage);
export const LookupItemAnswer = Envelope(LookupItem);

/** UserLookup: active users by what is typed, optionally of one team. */
export const UserLookupBody = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  cursor: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  length: Type.Optional(Type.Union([Type.Literal(10), Type.Literal(20), Type.Literal(50)])),
  teamId: Type.Optional(Type.String({ maxLength: 100 })),
});
/** UserLookup2: the names of users by id (comma-separated), for values stored before a rename. */
export const UserIdsQuery = Type.Object({ ids: Type.String({ minLength: 1, maxLength: 5000 }) });
export const UserNames = Type.Array(Type.Object({ id: Type.String(), label: Type.String() }));
export const UserNamesAnswer = Envelope(UserNames);

/** A designer's trial of lookup settings not saved yet: the search as it would run for them, and its answer. */
export const LookupTestBody = Type.Object({
  settings: Type.Object({
    moduleId: Type.String({ maxLength: 64 }),
    displayField: Type.String({ maxLength: 64 }),
    displayColumns: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 5 })),
    filters: Type.Optional(
      Type.Array(
        Type.Object({
          field: Type.String({ maxLength: 64 }),
          operator: Type.String({ maxLength: 40 }),
          value: Type.Optional(Type.String({ maxLength: 500 })),
          type: Type.Union([Type.Literal('literal'), Type.Literal('Field'), Type.Literal('User')]),
        }),
        { maxItems: 10 },
      ),
    ),
    sortType: Type.Optional(Type.Union([Type.Literal('Ascending'), Type.Literal('Descending')])),
    flowToLookUp: Type.Optional(
      Type.Array(Type.Object({ from: Type.String({ maxLength: 64 }), to: Type.String({ maxLength: 64 }) }), {
        maxItems: 20,
      }),
    ),
  }),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  values: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type LookupTestBody = Static<typeof LookupTestBody>;
export const LookupTest = Type.Object({
  request: Type.Object({
    app: Type.String(),
    labelField: Type.String(),
    sort: Type.String(),
    search: Type.String(),
    filters: Type.Union([Type.Array(Type.Unknown()), Type.Null()]),
  }),
  answer: LookupPage,
});
export type LookupTest = Static<typeof LookupTest>;
export const LookupTestAnswer = Envelope(LookupTest);

const Entry = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.-]+$' }),
  type: Type.Union([Type.Literal('literal'), Type.Literal('field'), Type.Literal('data')]),
  value: Type.String({ maxLength: 1000 }),
});
/** A designer's trial of remote lookup settings not saved yet. */
export const RemoteTestBody = Type.Object({
  settings: Type.Object({
    url: Type.String({ minLength: 1, maxLength: 2000 }),
    requestType: Type.Union([Type.Literal('GET'), Type.Literal('POST')]),
    headers: Type.Array(Entry, { maxItems: 20 }),
    params: Type.Array(Entry, { maxItems: 20 }),
    body: Type.Array(Entry, { maxItems: 20 }),
    submitAllFields: Type.Boolean(),
    responseFormat: Type.Literal('JSON'),
    responsePath: Type.String({ maxLength: 200 }),
    valueKey: Type.String({ minLength: 1, maxLength: 100 }),
    labelKey: Type.String({ minLength: 1, maxLength: 100 }),
    securityHeaderId: Type.Optional(Type.String({ maxLength: 100 })),
    addGovHeaders: Type.Optional(Type.Boolean()),
  }),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  values: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export const RemoteTest = Type.Object({
  request: Type.Object({
    method: Type.String(),
    url: Type.String(),
    headers: Type.Record(Type.String(), Type.String()),
    body: Type.Optional(Type.Unknown()),
  }),
  status: Type.Integer(),
  items: Type.Array(LookupItem),
});
export type RemoteTest = Static<typeof RemoteTest>;
export const RemoteTestAnswer = Envelope(RemoteTest);

/** The fraud prevention headers a remote call made now would carry (header name to value). */
export const GovHeadersAnswer = Envelope(Type.Record(Type.String(), Type.String()));

/** dataentrylookup: which app's data entry reads which. */
export const DataLinksQuery = Type.Object({ moduleId: Id });
export const DataLink = Type.Object({
  /** The other app: the one read (uses) or the one reading (usedBy). */
  moduleId: Type.String(),
  moduleName: Type.String(),
  /** The reading field (in this app for uses, in the other app for usedBy). */
  field: Type.String(),
  label: Type.String(),
  fieldType: Type.String(),
  /** The fields of the app read that it depends on: its label, columns shown, filters, values copied, sums. */
  reads: Type.Array(Type.String()),
});
export type DataLink = Static<typeof DataLink>;
export const DataLinks = Type.Object({ uses: Type.Array(DataLink), usedBy: Type.Array(DataLink) });
export type DataLinks = Static<typeof DataLinks>;
export const DataLinksAnswer = Envelope(DataLinks);
