import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { WF } from '../engine/status.js';

/** The derived process statuses of spec section 4 (the same rule as engine/status.ts processStatus). */
export const PROCESS_STATUSES = ['Faulted', 'Completed', 'Running', 'Not Started'];

/** The SQL form of processStatus(): lets the list filter and count by derived status. */
export function processStatusSql(status: string): RawBuilder<SqlBool> {
  const faulted = sql`coalesce(records.workflow_status, '') = ${WF.faulted}`;
  switch (status) {
    case 'Faulted':
      return sql<SqlBool>`${faulted}`;
    case 'Completed':
      return sql<SqlBool>`(not ${faulted} and records.workflow_completed_on is not null)`;
    case 'Running':
      return sql<SqlBool>`(not ${faulted} and records.workflow_completed_on is null and records.workflow_started_on is not null)`;
    default:
      return sql<SqlBool>`(not ${faulted} and records.workflow_completed_on is null and records.workflow_started_on is null)`;
  }
}

/**
 * The derived status as its position in PROCESS_STATUSES (0 Faulted … 3 Not Started), the same rule as
 * processStatusSql: computed once per row where several aggregates ask which status a row has.
 */
export const processStatusCodeSql = () =>
  sql<number>`(case when coalesce(records.workflow_status, '') = ${WF.faulted} then 0 when records.workflow_completed_on is not null then 1 when records.workflow_started_on is not null then 2 else 3 end)`;

/** The SQL form of processOutcome(), as a column expression the list can show, filter and count. */
export const outcomeSql = sql<
  string | null
>`(case when records.workflow_status = ${WF.withdrawn} then 'Withdrawn' when records.workflow_completed_on is null then null when records.workflow_status = ${WF.rejected} then 'Rejected' else 'Approved' end)`;
