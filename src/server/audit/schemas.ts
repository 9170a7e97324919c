import { DatatablePage, Envelope, Id, Type, type Static } from '../../../schemas/api/common.js';

/** Filters of the list and the export: who, what, on what, when (ISO dates, `to` inclusive of its day), and a search. */
export const AuditFilters = Type.Object({
  actorId: Type.Optional(Id),
  action: Type.Optional(Type.String({ maxLength: 100 })),
  targetType: Type.Optional(Type.String({ maxLength: 50 })),
  targetId: Type.Optional(Type.String({ maxLength: 100 })),
  from: Type.Optional(Type.String({ maxLength: 40 })),
  to: Type.Optional(Type.String({ maxLength: 40 })),
  search: Type.Optional(Type.String({ maxLength: 200 })),
});
export type AuditFilters = Static<typeof AuditFilters>;

/** A page, newest first; `cursor` is the nextCursor of the page before (keyset paging: any page costs the same). */
export const AuditListBody = Type.Composite([
  AuditFilters,
  Type.Object({
    length: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    cursor: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
  }),
]);
export type AuditListBody = Static<typeof AuditListBody>;

export const AuditExportQuery = Type.Composite([
  AuditFilters,
  Type.Object({ 'x-token': Type.Optional(Type.String()) }),
]);

const S = Type.Union([Type.String(), Type.Null()]);
export const AuditRow = Type.Object({
  id: Type.String(),
  at: Type.String(),
  actorId: S,
  actorName: S,
  action: Type.String(),
  targetType: S,
  targetId: S,
  targetLabel: S,
  details: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  ip: S,
  userAgent: S,
  sealed: Type.Boolean(),
});
export type AuditRow = Static<typeof AuditRow>;

export const AuditPageAnswer = Envelope(DatatablePage(AuditRow));

/** The export: CSV streamed as an attachment (never serialized). */
export const AuditCsv = {
  description: 'The entries as CSV (UTF-8, an attachment); cells that start with = + - @ are defused',
  content: { 'text/csv': { schema: Type.Unsafe<unknown>({ type: 'string' }) } },
};
