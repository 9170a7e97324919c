import {
  DatatablePage,
  DatatablePayload,
  Envelope,
  Id,
  StringEnum,
  Type,
  type Static,
} from '../../../schemas/api/common.js';
import { COLUMN_TYPES } from '../../../runtime/dataset-columns.js';

export const DatasetColumn = Type.Object({
  key: Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,62}$' }),
  label: Type.String({ minLength: 1, maxLength: 100 }),
  type: StringEnum(COLUMN_TYPES),
  required: Type.Optional(Type.Boolean()),
});

export const DATASET_KINDS = ['data', 'user_extension'] as const;

/** A dataset as the API shows it. */
export const Dataset = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  kind: StringEnum(DATASET_KINDS),
  columns: Type.Array(DatasetColumn),
  keyColumn: Type.String(),
  rowCount: Type.Integer(),
  version: Type.Integer(),
  modified_on: Type.String(),
});
export type Dataset = Static<typeof Dataset>;

/** A new dataset without `id`; an existing one with its `id` and the `version` read. */
export const SaveDatasetBody = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ maxLength: 100 }),
  description: Type.Optional(Type.Union([Type.String({ maxLength: 250 }), Type.Null()])),
  kind: Type.Optional(StringEnum(DATASET_KINDS)),
  columns: Type.Array(DatasetColumn, { minItems: 1, maxItems: 100 }),
  keyColumn: Type.Optional(Type.String({ maxLength: 63 })),
  version: Type.Optional(Type.Integer()),
});
export type SaveDatasetBody = Static<typeof SaveDatasetBody>;

export const ListDatasetQuery = Type.Object({ search: Type.Optional(Type.String({ maxLength: 200 })) });
export const DatasetRef = Type.Object({ id: Id });

const Cell = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);
export const Row = Type.Object({
  id: Type.String(),
  key: Type.String(),
  data: Type.Record(Type.String(), Cell),
  modified_on: Type.String(),
});
export type Row = Static<typeof Row>;

/** The datatable payload of every list, naming its dataset. */
export const RowsBody = Type.Composite([DatatablePayload, Type.Object({ datasetId: Id })]);
export type RowsBody = Static<typeof RowsBody>;

/** Cells as typed in (text) or as JSON values; each is checked against its column. */
const CellsIn = Type.Record(Type.String({ maxLength: 63 }), Type.Unknown(), { maxProperties: 100 });
export const AddRowBody = Type.Object({
  datasetId: Id,
  data: CellsIn,
  /** Place the row before this one; at the end when absent. */
  beforeId: Type.Optional(Type.Union([Id, Type.Null()])),
});
export type AddRowBody = Static<typeof AddRowBody>;

/** Changes to one dataset, applied together or not at all. */
export const BatchBody = Type.Object({
  datasetId: Id,
  add: Type.Optional(Type.Array(Type.Object({ data: CellsIn }), { maxItems: 1000 })),
  update: Type.Optional(Type.Array(Type.Object({ id: Id, data: CellsIn }), { maxItems: 1000 })),
  delete: Type.Optional(Type.Array(Id, { maxItems: 1000 })),
  /** Move a row before another (`beforeId`), or to the end (`beforeId` null). */
  move: Type.Optional(Type.Array(Type.Object({ id: Id, beforeId: Type.Union([Id, Type.Null()]) }), { maxItems: 100 })),
});
export type BatchBody = Static<typeof BatchBody>;
export const BatchResult = Type.Object({
  added: Type.Array(Row),
  updated: Type.Integer(),
  deleted: Type.Integer(),
  moved: Type.Integer(),
  rowCount: Type.Integer(),
});

/** What a dropdown fed by a dataset asks: the typed text, the column it shows, a keyset cursor. */
export const OptionsBody = Type.Object({
  datasetId: Id,
  labelColumn: Type.Optional(Type.String({ maxLength: 63 })),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  cursor: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
});
export const OptionsAnswer = Envelope(
  Type.Object({
    items: Type.Array(
      Type.Object({ id: Type.String(), label: Type.String(), values: Type.Record(Type.String(), Cell) }),
    ),
    nextCursor: Type.Union([Type.String(), Type.Null()]),
  }),
);

export const ByKeyQuery = Type.Object({ datasetId: Id, key: Type.String({ minLength: 1, maxLength: 2000 }) });

export const IMPORT_MODES = ['preview', 'append', 'replace'] as const;
/** A CSV or XLSX file, base64 in the body, into a dataset (`datasetId`) or into a new one (`name`). */
export const ImportBody = Type.Object({
  datasetId: Type.Optional(Id),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  fileName: Type.String({ minLength: 1, maxLength: 255 }),
  content: Type.String({ maxLength: 14_000_000 }),
  mode: StringEnum(IMPORT_MODES),
});
export type ImportBody = Static<typeof ImportBody>;
export const RowProblem = Type.Object({ row: Type.Integer(), column: Type.String(), message: Type.String() });
export type RowProblem = Static<typeof RowProblem>;
export const ImportResult = Type.Object({
  datasetId: Type.Union([Type.String(), Type.Null()]),
  columns: Type.Array(DatasetColumn),
  keyColumn: Type.String(),
  total: Type.Integer(),
  preview: Type.Array(Type.Record(Type.String(), Cell)),
  errors: Type.Array(RowProblem),
  errorCount: Type.Integer(),
  imported: Type.Integer(),
});

export const ExportQuery = Type.Object({ id: Id, format: Type.Optional(StringEnum(['csv', 'xlsx'] as const)) });

export const DatasetsAnswer = Envelope(Type.Array(Dataset));
export const DatasetAnswer = Envelope(Dataset);
export const RowsAnswer = Envelope(DatatablePage(Row));
export const RowAnswer = Envelope(Row);
export const BatchAnswer = Envelope(BatchResult);
export const ImportAnswer = Envelope(ImportResult);
export const DeletedAnswer = Envelope(Type.Object({ id: Type.String() }));
