import type { ModuleDefinition } from '../../schemas/module-definition';
import type { WorkflowDefinition } from '../../schemas/workflow-definition';

/** An expense claim: the manager is named in a record field; the secret is hidden from approvers. */
export const expenseClaim: ModuleDefinition = {
  display_name: 'Expense claim',
  fieldGroups: [
    {
      id: 'claim',
      label: 'Claim',
      rows: [
        {
          fields: [
            { name: 'title', label: 'Title', fieldType: 'text', required: true },
            {
              name: 'amount',
              label: 'Amount',
              fieldType: 'number',
              required: true,
              config: { decimalPlaces: 2, format: 'plain', digitsOnly: false },
            },
            { name: 'manager', label: 'Manager', fieldType: 'text' },
            { name: 'secret', label: 'Secret', fieldType: 'text' },
          ],
        },
      ],
    },
    {
      id: 'review',
      label: 'Review',
      rows: [
        {
          fields: [
            { name: 'manager_note', label: 'Manager note', fieldType: 'text' },
            { name: 'finance_note', label: 'Finance note', fieldType: 'text' },
          ],
        },
      ],
    },
  ],
};

/**
 * Start -> Manager (the user in the manager field, plus any extra approvers) -> If amount > 1000 -> Finance -> Completed.
 * Each step may edit only its own note; the secret is hidden from both approval steps.
 */
export function claimWorkflow(o: {
  extraManagers?: string[];
  finance: string[];
  financeTeam?: string;
  condition?: string;
}): WorkflowDefinition {
  return {
    activities: [
      { activityId: 'start', type: 'StartProcess', displayName: 'Start', position: { left: 0, top: 0 } },
      {
        activityId: 'manager',
        type: 'Assignment',
        displayName: 'Manager approval',
        position: { left: 200, top: 0 },
        properties: {
          approvers: [
            { type: 'field', field: 'manager' },
            ...(o.extraManagers ?? []).map((id) => ({ type: 'user', id })),
          ],
          approvalMode: 'any',
          dueInDays: 3,
          reminderEveryHours: null,
          taskType: 'Approval',
        },
      },
      {
        activityId: 'big',
        type: 'If',
        displayName: 'Over 1000?',
        position: { left: 400, top: 0 },
        properties: { condition: o.condition ?? 'amount > 1000' },
      },
      {
        activityId: 'finance',
        type: 'Assignment',
        displayName: 'Finance approval',
        position: { left: 600, top: 0 },
        properties: {
          approvers: [
            ...o.finance.map((id) => ({ type: 'user', id })),
            ...(o.financeTeam ? [{ type: 'team', id: o.financeTeam }] : []),
          ],
          approvalMode: 'any',
          dueInDays: null,
          reminderEveryHours: null,
          taskType: 'Finance review',
        },
      },
      { activityId: 'done', type: 'CompletedProcess', displayName: 'Completed', position: { left: 800, top: 0 } },
    ],
    connections: [
      { sourceActivityId: 'start', targetActivityId: 'manager', outcome: 'Done' },
      { sourceActivityId: 'manager', targetActivityId: 'big', outcome: 'Approved' },
      { sourceActivityId: 'big', targetActivityId: 'finance', outcome: 'True' },
      { sourceActivityId: 'big', targetActivityId: 'done', outcome: 'False' },
      { sourceActivityId: 'finance', targetActivityId: 'done', outcome: 'Approved' },
    ],
    permissions: {
      defaults: { manager_note: { editability: 'readonly' }, finance_note: { editability: 'readonly' } },
      steps: {
        manager: {
          claim: { editability: 'readonly' },
          secret: { visibility: 'hidden' },
          manager_note: { editability: 'editable' },
        },
        finance: {
          claim: { editability: 'readonly' },
          secret: { visibility: 'hidden' },
          finance_note: { editability: 'editable' },
        },
      },
    },
  };
}
