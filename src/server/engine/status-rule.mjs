// The process status and outcome of a record (spec section 4), in plain JavaScript: the server's code uses it through
// engine/status.ts, and SQLite reader threads (which run no TypeScript) shape list rows with it (entries/list-rows.mjs).

/** workflow_status values the rule looks at (engine/status.ts WF). */
const COMPLETED = 'Completed';
const FAULTED = 'Faulted';
const REJECTED = 'Rejected';
const WITHDRAWN = 'Withdrawn';

/**
 * Faulted if the status is the faulted value; else completed when workflow_completed_on is set; else running once
 * started; otherwise not started. The display appends ' - ' and the workflow status unless that is empty or a
 * special value (completed, faulted).
 */
export function processStatus(r) {
  const s = r.workflow_status;
  const status =
    s === FAULTED
      ? 'Faulted'
      : r.workflow_completed_on
        ? 'Completed'
        : r.workflow_started_on
          ? 'Running'
          : 'Not Started';
  const display = s && s !== COMPLETED && s !== FAULTED ? `${status} - ${s}` : status;
  return { status, display };
}

/** How a process ended: approved, rejected, withdrawn (back to a draft); null while open. */
export function processOutcome(r) {
  if (r.workflow_status === WITHDRAWN) return 'Withdrawn';
  if (!r.workflow_completed_on) return null;
  return r.workflow_status === REJECTED ? 'Rejected' : 'Approved';
}
