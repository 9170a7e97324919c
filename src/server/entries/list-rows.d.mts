import type { AnswerRoom } from '../db/shaped-answer.mjs';

/** What list-rows.mjs needs besides the rows: the listed fields, which kind of list, and who asks. */
export interface ListRowsOptions {
  fieldKeys: string[];
  draft: boolean;
  userId: string;
  /** Write only the first `keep` rows; the others are only counted. */
  keep?: number;
  /** Free bytes to leave before and after the rows' text in their buffer, for the answer around them. */
  room?: { before: number; after: number };
}

/** A page's rows as read and shaped. */
export interface ShapedRows {
  /** How many rows were read. */
  count: number;
  /** The last row written: its id and sort value. */
  last: { id: string; sortValue: string | number | null } | null;
  /**
   * The JSON texts of the rows written, UTF-8, with a comma between each two, with the room asked for on either side
   * in memory that is the answer's (`room`, in the buffer they view).
   */
  bytes: Uint8Array;
  room: AnswerRoom;
}

/** Rows are objects, or arrays of the values of `columns`. */
export default function listRows(
  rows: readonly Record<string, unknown>[] | readonly unknown[][],
  options: ListRowsOptions,
  columns?: readonly string[],
): ShapedRows;
