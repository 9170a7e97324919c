import {
  DatatablePage,
  DatatablePayload,
  Envelope,
  Id,
  StringEnum,
  Type,
  type Static,
} from '../../../schemas/api/common.js';

/** The run log, newest first: narrowed by kind, outcome or record; a search matches the name, address or error. */
export const RunLogBody = Type.Composite([
  DatatablePayload,
  Type.Object({
    kind: Type.Optional(StringEnum(['connector', 'webhook'] as const)),
    outcome: Type.Optional(StringEnum(['ok', 'failed', 'refused'] as const)),
    recordId: Type.Optional(Id),
  }),
]);
export type RunLogBody = Static<typeof RunLogBody>;

export const RunLogRow = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  source_id: Type.Union([Type.String(), Type.Null()]),
  source_name: Type.String(),
  trigger: Type.String(),
  record_id: Type.Union([Type.String(), Type.Null()]),
  step: Type.Union([Type.String(), Type.Null()]),
  method: Type.String(),
  url: Type.String(),
  status: Type.Union([Type.Integer(), Type.Null()]),
  outcome: Type.String(),
  duration_ms: Type.Integer(),
  request: Type.Union([Type.String(), Type.Null()]),
  response: Type.Union([Type.String(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  created_on: Type.String(),
});
export type RunLogRow = Static<typeof RunLogRow>;

export const RunLogAnswer = Envelope(DatatablePage(RunLogRow));
