import { DatatablePage, DatatablePayload, Envelope, Id, Type, type Static } from '../../../schemas/api/common.js';

const DcType = Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z][a-z0-9-]*$' });

/** The answer's columns a connector may show (spec: display_columns.available) and those the designer picked. */
export const DisplayColumns = Type.Object({
  available: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 }),
  selected: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 }),
});

export const Connector = Type.Object({
  id: Type.String(),
  dcType: Type.String(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  config: Type.Record(Type.String(), Type.Unknown()),
  securityHeaderId: Type.Union([Type.String(), Type.Null()]),
  display_columns: DisplayColumns,
  /** The input names the settings read ({{name}}): what a run must be given. */
  inputs: Type.Array(Type.String()),
  version: Type.Integer(),
  modified_on: Type.String(),
});
export type Connector = Static<typeof Connector>;

/** A new connector, or a change at the version read; the settings are checked against the plugin's schema. */
export const SaveConnectorBody = Type.Object({
  id: Type.Optional(Id),
  dcType: DcType,
  name: Type.String({ maxLength: 100 }),
  description: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
  config: Type.Record(Type.String(), Type.Unknown()),
  securityHeaderId: Type.Optional(Type.Union([Id, Type.Null()])),
  display_columns: Type.Optional(DisplayColumns),
  version: Type.Optional(Type.Integer()),
});
export type SaveConnectorBody = Static<typeof SaveConnectorBody>;

export const ConnectorRef = Type.Object({ id: Id });
export const CopyBody = Type.Object({ id: Id, name: Type.String({ maxLength: 100 }) });
export const IdsBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 500 }) });
export const FetchQuery = Type.Object({ dcType: Type.Optional(DcType) });
export const ListBody = Type.Composite([DatatablePayload, Type.Object({ dcType: Type.Optional(DcType) })]);
export type ListBody = Static<typeof ListBody>;

const Inputs = Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), { maxProperties: 200 });

/** The designer's test: settings not saved yet, with sample inputs. */
export const TestBody = Type.Object({
  dcType: DcType,
  config: Type.Record(Type.String(), Type.Unknown()),
  securityHeaderId: Type.Optional(Type.Union([Id, Type.Null()])),
  input: Type.Optional(Inputs),
});
export type TestBody = Static<typeof TestBody>;
/** dataconnectorexecute: a saved connector with the given inputs. */
export const ExecuteBody = Type.Object({ id: Id, input: Type.Optional(Inputs) });
/** rundataconnector: a saved connector with a record's values (those the caller may see) as its inputs. */
export const RunBody = Type.Object({ id: Id, recordId: Id });

export const ConnectorResult = Type.Object({
  request: Type.Object({
    method: Type.String(),
    url: Type.String(),
    headers: Type.Record(Type.String(), Type.String()),
    body: Type.Optional(Type.String()),
  }),
  status: Type.Integer(),
  response: Type.Unknown(),
  outputs: Type.Record(Type.String(), Type.Unknown()),
  columns: Type.Array(Type.String()),
  durationMs: Type.Number(),
});

/** The designer's browse: what the other system offers under these settings. */
export const DescribeBody = Type.Object({
  dcType: DcType,
  config: Type.Record(Type.String(), Type.Unknown()),
  securityHeaderId: Type.Optional(Type.Union([Id, Type.Null()])),
});
export const OperationsAnswer = Envelope(
  Type.Array(Type.Object({ name: Type.String(), inputs: Type.Array(Type.String()) })),
);

export const ConnectorAnswer = Envelope(Connector);
export const ConnectorPageAnswer = Envelope(DatatablePage(Connector));
export const ConnectorNamesAnswer = Envelope(
  Type.Array(Type.Object({ id: Type.String(), name: Type.String(), dcType: Type.String() })),
);
export const DeletedAnswer = Envelope(Type.Object({ deleted: Type.Integer() }));
export const ResultAnswer = Envelope(ConnectorResult);
