import crypto from 'node:crypto';
import { publishApp, type Office } from '../support/office.js';

const at = (left: number) => ({ left, top: 0 });

/** An app of tickets whose workflow has one review by the administrator; `locked` may not change at the review. */
export async function ticketsApp(o: Office, name: string) {
  return publishApp(
    o,
    name,
    {
      display_name: name,
      fieldGroups: [
        {
          id: 'g',
          label: 'Ticket',
          rows: [
            {
              fields: [
                { name: 'title', label: 'Title', fieldType: 'text' },
                { name: 'status', label: 'Status', fieldType: 'text' },
                { name: 'locked', label: 'Locked', fieldType: 'text' },
              ],
            },
          ],
        },
      ],
    },
    {
      activities: [
        { activityId: 'start', type: 'StartProcess', position: at(0) },
        {
          activityId: 'review',
          type: 'Assignment',
          displayName: 'Review',
          position: at(200),
          properties: { approvers: [{ type: 'user', id: o.id.admin }], approvalMode: 'any', taskType: 'Approval' },
        },
        { activityId: 'done', type: 'CompletedProcess', displayName: 'Completed', position: at(400) },
      ],
      connections: [
        { sourceActivityId: 'start', targetActivityId: 'review', outcome: 'Done' },
        { sourceActivityId: 'review', targetActivityId: 'done', outcome: 'Approved' },
      ],
      permissions: { defaults: {}, steps: { review: { locked: { editability: 'readonly' } } } },
    },
  );
}

/** Drafts written straight into the table (thousands in a moment), as their creator would have saved them. */
export async function seedDrafts(o: Office, moduleId: string, n: number, createdBy: string, status: string) {
  const now = new Date().toISOString();
  const rows = Array.from({ length: n }, (_, i) => ({
    id: crypto.randomUUID(),
    module_id: moduleId,
    module_version: 1,
    data: JSON.stringify({ title: `T${i}`, status, locked: 'no' }),
    version: 1,
    is_draft: 1,
    sequence_number: null,
    workflow_instance_id: null,
    workflow_status: null,
    workflow_activity_id: null,
    workflow_activity_name: null,
    workflow_started_on: null,
    workflow_initiator_user: null,
    workflow_initiator_email: null,
    workflow_completed_on: null,
    workflow_faulted_on: null,
    created_by: createdBy,
    created_on: now,
    modified_by: createdBy,
    modified_on: now,
    submitted_on: null,
  }));
  for (let i = 0; i < rows.length; i += 200) await o.tdb.insertInto('records', rows.slice(i, i + 200)).execute();
}
