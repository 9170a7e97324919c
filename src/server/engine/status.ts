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

/** The record's process status and outcome (spec section 4): one rule, in plain JavaScript for reader threads. */
export { processOutcome, processStatus } from './status-rule.mjs';

/** How a process ended, for lists and counts: approved, rejected, withdrawn (back to a draft); null while open. */
export const OUTCOMES = ['Approved', 'Rejected', 'Withdrawn'] as const;
export type Outcome = (typeof OUTCOMES)[number];
