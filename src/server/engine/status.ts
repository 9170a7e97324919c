import type { RecordRow } from '../records/store.js';

/** Values the engine writes to records.workflow_status (the latest event of the process). */
export const WF = {
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
  reassigned: 'Reassigned',
  sentBack: 'Sent back',
  withdrawn: 'Withdrawn',
  restarted: 'Restarted',
  completed: 'Completed',
  faulted: 'Faulted',
} as const;

/** The answer to the loser of a race (409): another action changed the record or task first. */
export const RACE = 'This task was changed by someone else just now. Reload to see the current state.';

/** Task statuses of spec section 4; 'In Progress' is the only open one. */
export const OPEN = 'In Progress' as const;
/** A closed task recording the activity where the process faulted, with the reason as its message. */
export const TASK_FAULTED = 'Faulted' as const;

/**
 * The record's process status, spec section 4: faulted if the status is the faulted value; else completed when
 * workflow_completed_on is set; else running once started; otherwise not started. The display appends
 * ' - ' and the workflow status unless that is empty or a special value (completed, faulted).
 */
export function processStatus(
  r: Pick<RecordRow, 'workflow_status' | 'workflow_completed_on' | 'workflow_started_on'>,
): { status: string; display: string } {
  const s = r.workflow_status;
  const status =
    s === WF.faulted
      ? 'Faulted'
      : r.workflow_completed_on
        ? 'Completed'
        : r.workflow_started_on
          ? 'Running'
          : 'Not Started';
  const display = s && s !== WF.completed && s !== WF.faulted ? `${status} - ${s}` : status;
  return { status, display };
}

/** How a process ended, for lists and counts: approved, rejected, withdrawn (back to a draft); null while open. */
export const OUTCOMES = ['Approved', 'Rejected', 'Withdrawn'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export function processOutcome(r: Pick<RecordRow, 'workflow_status' | 'workflow_completed_on'>): Outcome | null {
  if (r.workflow_status === WF.withdrawn) return 'Withdrawn';
  if (!r.workflow_completed_on) return null;
  return r.workflow_status === WF.rejected ? 'Rejected' : 'Approved';
}
