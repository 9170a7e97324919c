/** What list-rows.mjs needs besides the rows: the listed fields, which kind of list, and who asks. */
export interface ListRowsOptions {
  fieldKeys: string[];
  draft: boolean;
  userId: string;
}

/** A page's rows: each one's id and sort value (for paging), and their JSON texts as one UTF-8 buffer. */
export interface ShapedRows {
  ids: string[];
  sortValues: (string | number | null)[];
  /** The rows' JSON texts with a comma between each two; row i's text ends at `ends[i]`. */
  bytes: Uint8Array;
  ends: number[];
}

/** Rows are objects, or arrays of the values of `columns`. */
export default function listRows(
  rows: readonly Record<string, unknown>[] | readonly unknown[][],
  options: ListRowsOptions,
  columns?: readonly string[],
): ShapedRows;
