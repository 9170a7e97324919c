import { DatatablePage, DatatablePayload, Envelope, Id, Type, type Static } from '../../../schemas/api/common.js';
import { ListFilterInput } from '../entries/schemas.js';

/**
 * The contract of reports, shared by the server (src/server/reports/), the report pages (src/app/pages/reports/)
 * and the dashboards' report widget. A report is a query over ONE app's records: the columns are the record list's
 * columns (fields by name, and the process columns `process_status`, `workflow_activity_name`,
 * `workflow_started_on`, `workflow_initiator_user`, `workflow_completed_on`), the filters are the record list's
 * filters (the lookup operators), and it always counts only the records the viewer may open and shows only fields
 * the viewer may read.
 */

/** Dates are bucketed when grouped; any other column groups by its value. */
export const DateBucket = Type.Union([
  Type.Literal('day'),
  Type.Literal('week'),
  Type.Literal('month'),
  Type.Literal('quarter'),
  Type.Literal('year'),
]);
export type DateBucket = Static<typeof DateBucket>;

export const GroupBy = Type.Object({
  column: Type.String({ maxLength: 200 }),
  bucket: Type.Optional(DateBucket),
});
export type GroupBy = Static<typeof GroupBy>;

export const Aggregate = Type.Union([
  Type.Literal('count'),
  Type.Literal('sum'),
  Type.Literal('avg'),
  Type.Literal('min'),
  Type.Literal('max'),
  Type.Literal('distinct'),
]);
export type Aggregate = Static<typeof Aggregate>;

/** `count` needs no column; every other aggregate names one. The key of a measure in rows is `<agg>_<column>` or `count`. */
export const Measure = Type.Object({
  aggregate: Aggregate,
  column: Type.Optional(Type.String({ maxLength: 200 })),
  label: Type.Optional(Type.String({ maxLength: 200 })),
});
export type Measure = Static<typeof Measure>;

export const SortBy = Type.Object({
  /** A group column or a measure key. */
  key: Type.String({ maxLength: 220 }),
  dir: Type.Union([Type.Literal('asc'), Type.Literal('desc')]),
});

/**
 * A parameter is asked for when a saved report opens; a filter whose `value` is the string `{{param:<name>}}` takes
 * the answer.
 */
export const ReportParameter = Type.Object({
  name: Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' }),
  label: Type.String({ maxLength: 200 }),
  type: Type.Union([Type.Literal('text'), Type.Literal('number'), Type.Literal('date')]),
  required: Type.Optional(Type.Boolean()),
  default: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Number()])),
});
export type ReportParameter = Static<typeof ReportParameter>;

export const ChartKind = Type.Union([
  Type.Literal('none'),
  Type.Literal('bar'),
  Type.Literal('line'),
  Type.Literal('area'),
  Type.Literal('pie'),
  Type.Literal('kpi'),
  Type.Literal('table'),
]);
export type ChartKind = Static<typeof ChartKind>;

/** What a report asks. Without groups and measures it is a flat list of `columns`. */
export const ReportSpec = Type.Object({
  moduleId: Id,
  /** Columns of a flat list (and of exports of a flat list); ignored when there are groups or measures. */
  columns: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 })),
  filters: Type.Optional(Type.Array(ListFilterInput, { maxItems: 20 })),
  groupBy: Type.Optional(Type.Array(GroupBy, { maxItems: 4 })),
  /** A pivot: this group's values become columns (rows × pivot × first measure). */
  pivot: Type.Optional(GroupBy),
  measures: Type.Optional(Type.Array(Measure, { maxItems: 10 })),
  sort: Type.Optional(Type.Array(SortBy, { maxItems: 5 })),
  chart: Type.Optional(ChartKind),
  /**
   * Business intelligence: another app joined through a lookup field of this one (`field`); its fields are then
   * columns named `<field>.<name>` for groups, the pivot, measures and filters. Drills still list this app's records.
   */
  join: Type.Optional(Type.Object({ field: Type.String({ maxLength: 64 }) })),
});
export type ReportSpec = Static<typeof ReportSpec>;

/** Filters a dashboard shares with every widget: applied on top of the report's own. */
export const SharedFilters = Type.Object({
  from: Type.Optional(Type.String({ maxLength: 40 })),
  to: Type.Optional(Type.String({ maxLength: 40 })),
  userId: Type.Optional(Id),
});
export type SharedFilters = Static<typeof SharedFilters>;

/** Run a saved report (`reportId`) or an unsaved one (`spec`: the quick report). */
export const RunBody = Type.Object({
  reportId: Type.Optional(Id),
  spec: Type.Optional(ReportSpec),
  parameters: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
  shared: Type.Optional(SharedFilters),
});
export type RunBody = Static<typeof RunBody>;

export const ResultColumn = Type.Object({
  key: Type.String(),
  label: Type.String(),
  /** group: a grouping column; measure: an aggregate; pivot: one value of the pivot group (holds the first measure). */
  role: Type.Union([Type.Literal('group'), Type.Literal('measure'), Type.Literal('pivot'), Type.Literal('value')]),
  kind: Type.Union([Type.Literal('text'), Type.Literal('number'), Type.Literal('date')]),
  /** A pivot column: the pivot group's value it holds (drill with it under the pivot's key, `pivotKey`). */
  pivotValue: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Null()])),
  pivotKey: Type.Optional(Type.String()),
});
export type ResultColumn = Static<typeof ResultColumn>;

const Cell = Type.Union([Type.String(), Type.Number(), Type.Null()]);
export const ResultRow = Type.Record(Type.String(), Cell);
export type ResultRow = Static<typeof ResultRow>;

/** A subtotal row: the values of the first `level` groups fixed, the measures over everything under them. */
export const SubtotalRow = Type.Object({ level: Type.Integer(), values: ResultRow });

export const RunResult = Type.Object({
  title: Type.Optional(Type.String()),
  columns: Type.Array(ResultColumn),
  rows: Type.Array(ResultRow),
  subtotals: Type.Array(SubtotalRow),
  /** The measures over every record the viewer may open that passes the filters. */
  total: ResultRow,
  /** True when more group rows exist than were returned (at most 5,000 come back; exports have no cap). */
  truncated: Type.Boolean(),
  chart: ChartKind,
});
export type RunResult = Static<typeof RunResult>;
export const RunAnswer = Envelope(RunResult);

/** Drill: the records behind one total; `group` fixes the group values (keys as in rows), `{}` is the grand total. */
export const DrillBody = Type.Object({
  ...RunBody.properties,
  group: Type.Record(Type.String(), Cell),
  length: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  cursor: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
});
export type DrillBody = Static<typeof DrillBody>;

export const ShareTarget = Type.Object({
  kind: Type.Union([Type.Literal('role'), Type.Literal('team'), Type.Literal('user')]),
  id: Type.String({ maxLength: 100 }),
});

/** A saved report. */
export const ReportInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  folder: Type.Optional(Type.String({ maxLength: 200 })),
  notes: Type.Optional(Type.String({ maxLength: 5000 })),
  spec: ReportSpec,
  parameters: Type.Optional(Type.Array(ReportParameter, { maxItems: 10 })),
  sharedWith: Type.Optional(Type.Array(ShareTarget, { maxItems: 100 })),
});
export type ReportInput = Static<typeof ReportInput>;

export const Report = Type.Object({
  id: Type.String(),
  ...ReportInput.properties,
  ownerId: Type.String(),
  ownerName: Type.Union([Type.String(), Type.Null()]),
  moduleName: Type.Union([Type.String(), Type.Null()]),
  /** The viewer may change and delete it (its owner, or an administrator). */
  editable: Type.Boolean(),
  createdOn: Type.String(),
  modifiedOn: Type.String(),
});
export type Report = Static<typeof Report>;

/** `/api/form/report/datatables`: the reports the viewer owns or that are shared with them; search and folder. */
export const ReportListBody = Type.Object({
  ...DatatablePayload.properties,
  folder: Type.Optional(Type.String({ maxLength: 200 })),
});
export const ReportListAnswer = Envelope(DatatablePage(Report));

/** A column a report may use: a field the viewer may read, or a process column. */
export const ReportColumnView = Type.Object({
  key: Type.String(),
  label: Type.String(),
  kind: Type.Union([Type.Literal('text'), Type.Literal('number'), Type.Literal('date')]),
  values: Type.Optional(Type.Array(Type.String())),
});
/** A lookup field of the app through which another app (that the viewer may report on) can be joined. */
export const JoinView = Type.Object({
  field: Type.String(),
  label: Type.String(),
  moduleId: Type.String(),
  moduleName: Type.String(),
  /** The joined app's columns, keyed `<field>.<name>`. */
  columns: Type.Array(ReportColumnView),
});
export const ColumnsAnswer = Envelope(
  Type.Object({
    moduleName: Type.String(),
    columns: Type.Array(ReportColumnView),
    joins: Type.Optional(Type.Array(JoinView)),
  }),
);
export const ModuleIdParams = Type.Object({ moduleId: Id });
export const ReportIdParams = Type.Object({ id: Id });

export const DrillRow = Type.Object({
  id: Type.String(),
  moduleId: Type.String(),
  sequence_number: Type.Union([Type.Number(), Type.String(), Type.Null()]),
  data: Type.Record(Type.String(), Type.Unknown()),
  process_status: Type.Union([Type.String(), Type.Null()]),
});
export const DrillPage = Type.Object({
  rows: Type.Array(DrillRow),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
  total: Type.Integer(),
});
export type DrillPage = Static<typeof DrillPage>;
export const DrillAnswer = Envelope(DrillPage);

export const ExportBody = Type.Object({
  ...RunBody.properties,
  format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')]),
});
export type ExportBody = Static<typeof ExportBody>;
export const ExportFile = {
  description: 'The report as CSV or XLSX (an attachment, streamed); text cells that start with = + - @ are defused',
  content: {
    'text/csv': { schema: Type.Unsafe<unknown>({ type: 'string' }) },
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
      schema: Type.Unsafe<unknown>({ type: 'string', format: 'binary' }),
    },
  },
};

export const SaveBody = Type.Object({ ...ReportInput.properties, id: Type.Optional(Id) });
export type SaveBody = Static<typeof SaveBody>;
export const ReportAnswer = Envelope(Report);
export const FoldersAnswer = Envelope(Type.Array(Type.String()));
export const DeletedAnswer = Envelope(Type.Null());
