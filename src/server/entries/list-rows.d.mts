/** What list-rows.mjs needs besides the rows: the listed fields, which kind of list, and who asks. */
export interface ListRowsOptions {
  fieldKeys: string[];
  draft: boolean;
  userId: string;
}

/** A page's row: its id and sort value (for paging) and its JSON as the list answers it. */
export interface ShapedRow {
  id: string;
  sort_value: string | number | null;
  json: string;
}

/** Rows are objects, or arrays of the values of `columns`. */
export default function listRows(
  rows: readonly Record<string, unknown>[] | readonly unknown[][],
  options: ListRowsOptions,
  columns?: readonly string[],
): ShapedRow[];
