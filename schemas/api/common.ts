import { Type, type Static, type TSchema } from '@sinclair/typebox';

/**
 * Shapes every API call shares, written once (spec section 7): the `{ success, message, data }` envelope, the
 * error answer, and the datatable payload of every list. Route schemas (server) and the browser's API modules
 * (src/app/api) both import these; TypeScript types are derived with `Static`, never written by hand.
 */

/** A successful answer carrying `data`. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ success: Type.Literal(true), message: Type.String(), data });

/** A successful answer with nothing but a message. */
export const Ok = Type.Object({ success: Type.Literal(true), message: Type.String() });
export type Ok = Static<typeof Ok>;

/** Every failure: 4xx and 5xx alike. `issues` lists per-field problems where there are several. */
export const ErrorAnswer = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  issues: Type.Optional(Type.Array(Type.Unknown())),
});
export type ErrorAnswer = Static<typeof ErrorAnswer>;

/** One of a fixed list of strings, as `enum` so a refusal lists every allowed value ("x must be one of ..."). */
export const StringEnum = <const T extends readonly string[]>(values: T, options: { description?: string } = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/** A POST that takes no body: a missing body counts as `{}`. */
export const NoBody = Type.Object({});

/** Ids are text (UUIDs, or names chosen by the seed); bounded so nothing unbounded reaches a query. */
export const Id = Type.String({ minLength: 1, maxLength: 100 });
export const IdParams = Type.Object({ id: Id });

/** A value of any JSON shape (documents the designers own: definitions, configs). */
export const Json = Type.Unknown();
/** An object whose keys are not known in advance (record data, settings). */
export const JsonObject = Type.Record(Type.String(), Type.Unknown());

/** The spec's datatable payload: page, columns, orders, search, length, filters; `cursor` continues by keyset. */
export const DatatableColumn = Type.Object({
  data: Type.Optional(Type.String({ maxLength: 200 })),
  name: Type.Optional(Type.String({ maxLength: 200 })),
  searchable: Type.Optional(Type.Boolean()),
  orderable: Type.Optional(Type.Boolean()),
});
export const DatatableOrder = Type.Object({
  column: Type.Union([Type.Integer({ minimum: 0 }), Type.String({ maxLength: 200 })]),
  dir: Type.Optional(Type.String({ maxLength: 4 })),
});
export const DatatablePayload = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  length: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  columns: Type.Optional(Type.Array(DatatableColumn, { maxItems: 500 })),
  orders: Type.Optional(Type.Array(DatatableOrder, { maxItems: 10 })),
  search: Type.Optional(
    Type.Union([Type.String({ maxLength: 1000 }), Type.Object({ value: Type.Optional(Type.String({ maxLength: 1000 })) })]),
  ),
  filters: Type.Optional(Type.Unknown()),
  cursor: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
});
export type DatatablePayload = Static<typeof DatatablePayload>;

/** What every list answers inside the envelope's data. */
export const DatatablePage = <T extends TSchema>(row: T) =>
  Type.Object({
    data: Type.Array(row),
    recordsTotal: Type.Integer(),
    recordsFiltered: Type.Integer(),
    page: Type.Optional(Type.Integer()),
    length: Type.Optional(Type.Integer()),
    countCapped: Type.Optional(Type.Boolean()),
    nextCursor: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  });

export { Type, type Static, type TSchema };
