// A record list's rows as the list answers them, already as the bytes of their JSON. Plain JavaScript: reader threads
// run it on the rows they read (db/sqlite-reader.worker.mjs, db/pg-reader.worker.mjs), so parsing each record's data
// and writing the page's JSON happen beside the thread that serves HTTP; without readers the server runs it itself.
import { answerMemory } from '../db/shaped-answer.mjs';
import { processOutcome, processStatus } from '../engine/status-rule.mjs';

/** The open tasks of a row as the list shows them (SQLite answers '[]' for none, PostgreSQL null). */
function openTasks(text) {
  if (!text || text === '[]') return [];
  return JSON.parse(text).map(([assignee, step]) => ({ assignee, step }));
}

/**
 * Rows given as arrays of `columns` as objects. Each is one object literal, so every row has the same hidden class:
 * setting the names one by one made each store a megamorphic lookup and each row a chain of shape changes (about a
 * tenth of the shaping time).
 */
function asObjects(rows, columns) {
  const ix = (name) => columns.indexOf(name);
  const [id, mv, v, data, seq, inst, ws, wan, wso, wiu, wie, wco, cb, con, mon, sv, iname, tasks] = [
    'id',
    'module_version',
    'version',
    'data',
    'sequence_number',
    'workflow_instance_id',
    'workflow_status',
    'workflow_activity_name',
    'workflow_started_on',
    'workflow_initiator_user',
    'workflow_initiator_email',
    'workflow_completed_on',
    'created_by',
    'created_on',
    'modified_on',
    'sort_value',
    'initiator_name',
    'open_tasks',
  ].map(ix);
  return rows.map((a) => ({
    id: a[id],
    module_version: a[mv],
    version: a[v],
    data: a[data],
    sequence_number: a[seq],
    workflow_instance_id: a[inst],
    workflow_status: a[ws],
    workflow_activity_name: a[wan],
    workflow_started_on: a[wso],
    workflow_initiator_user: a[wiu],
    workflow_initiator_email: a[wie],
    workflow_completed_on: a[wco],
    created_by: a[cb],
    created_on: a[con],
    modified_on: a[mon],
    sort_value: a[sv],
    initiator_name: a[iname],
    open_tasks: a[tasks],
  }));
}

/**
 * The rows as the list answers them, as the UTF-8 text of their JSON with a comma between each two; only the first
 * `keep` rows (all without it) are written, the rest are only counted: a page reads one row more than it shows, to
 * know whether another follows. `last` is the last row written, by id and sort value (the next page's cursor).
 * Only the listed fields of the record's data are shown (`fieldKeys`, in that order); `mine` compares the creator
 * with `userId`. Rows are objects, or arrays when `columns` names their values.
 *
 * The text crosses from a reader thread in memory it shares with the server or as one buffer moved, never copied,
 * and the server writes the rest of the answer around it when `room` left space enough before and after it
 * (http/raw-json.ts): a page's rows as objects with JSON strings took the server's thread a tenth of its time to
 * rebuild from the message and encode again. The rows are written by one JSON.stringify of the page, not one call a
 * row.
 */
export default function listRows(rows, { fieldKeys, draft, userId, keep, room }, columns) {
  const kept = keep === undefined ? rows.length : Math.max(0, Math.min(keep, rows.length));
  const listed = rows.length === kept ? rows : rows.slice(0, kept);
  const objects = columns ? asObjects(listed, columns) : listed;
  const shown = [];
  for (const r of objects) {
    const values = JSON.parse(r.data);
    const data = {};
    for (const k of fieldKeys) if (k in values) data[k] = values[k];
    const { status, display } = processStatus(r);
    shown.push({
      id: r.id,
      module_version: r.module_version,
      version: r.version,
      // Every row of a list is of one kind: the query reads only drafts or only submitted records.
      is_draft: draft,
      data,
      sequence_number: r.sequence_number,
      process_status: status,
      process_status_display: display,
      process_outcome: processOutcome(r),
      tasks: openTasks(r.open_tasks),
      workflow_status: r.workflow_status,
      workflow_activity_name: r.workflow_activity_name,
      workflow_started_on: r.workflow_started_on,
      workflow_initiator_user: r.workflow_initiator_user ? (r.initiator_name ?? '') : null,
      workflow_initiator_email: r.workflow_initiator_email,
      workflow_completed_on: r.workflow_completed_on,
      workflow_instance_id: r.workflow_instance_id,
      created_by: r.created_by,
      created_on: r.created_on,
      modified_on: r.modified_on,
      mine: r.created_by === userId,
    });
  }
  const text = JSON.stringify(shown);
  const size = Buffer.byteLength(text);
  const before = room?.before ?? 0;
  // A slot of the reader thread's arena, or a buffer of its own (db/shaped-answer.mjs).
  const all = answerMemory(before + size + (room?.after ?? 0));
  all.write(text, before);
  const last = objects[objects.length - 1];
  return {
    count: rows.length,
    last: last ? { id: last.id, sortValue: last.sort_value } : null,
    // Without the array's brackets.
    bytes: all.subarray(before + 1, before + size - 1),
    room: { start: all.byteOffset, end: all.byteOffset + all.length },
  };
}
