import type { RecordRow } from '../records/store.js';

export function processStatus(
  r: Pick<RecordRow, 'workflow_status' | 'workflow_completed_on' | 'workflow_started_on'>,
): { status: string; display: string };

export function processOutcome(
  r: Pick<RecordRow, 'workflow_status' | 'workflow_completed_on'>,
): 'Approved' | 'Rejected' | 'Withdrawn' | null;
