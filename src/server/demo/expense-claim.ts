import type { ModuleDefinition } from '../../../schemas/module-definition.js';
import type { WorkflowDefinition } from '../../../schemas/workflow-definition.js';

const options = (...labels: string[]) => ({
  options: labels.map((label) => ({ value: label.toLowerCase(), label })),
  multiple: false,
});

/** The departments a claim is booked to: the demo's key-value list (Reference data), feeding a dropdown. */
export const DEPARTMENTS = ['Sales', 'Engineering', 'Finance', 'Operations'].map((d) => ({
  key: d.toLowerCase(),
  value: d,
}));

/** The demo's reference dataset: cost centres with a budget and an opening date, as a CSV file would give them. */
export const COST_CENTRES_CSV = [
  'Code,Name,Budget,Opened,Active',
  'CC-100,Head office,120000,2019-01-01,yes',
  'CC-200,Sales North,80000,2020-04-01,yes',
  'CC-300,Research,150000,2021-09-15,yes',
  'CC-400,Legacy systems,0,2015-06-30,no',
].join('\n');

/**
 * The demo's Expense Claim: three sections, a dropdown from a key-value list, a field shown only for hotel stays, VAT
 * and total worked out by formulas, and a review section each approver fills in at their own step.
 */
export const expenseClaimApp = (departmentsListId: string): ModuleDefinition => ({
  display_name: 'Expense Claim',
  fieldGroups: [
    {
      id: 'claimant',
      label: 'Claimant',
      rows: [
        {
          fields: [
            { name: 'employee', label: 'Employee', fieldType: 'text', required: true },
            {
              name: 'department',
              label: 'Department',
              fieldType: 'dropdown',
              required: true,
              config: { options: [], multiple: false, listId: departmentsListId },
            },
            { name: 'claim_date', label: 'Date of expense', fieldType: 'date', required: true },
          ],
        },
      ],
    },
    {
      id: 'expense',
      label: 'Expense',
      rows: [
        {
          fields: [
            {
              name: 'category',
              label: 'Category',
              fieldType: 'dropdown',
              required: true,
              config: options('Travel', 'Meals', 'Accommodation', 'Equipment', 'Other'),
            },
            {
              name: 'nights',
              label: 'Nights',
              fieldType: 'number',
              config: { decimalPlaces: 0, format: 'plain', digitsOnly: true },
              helpText: 'Shown for accommodation only.',
              rules: [
                {
                  kind: 'visible',
                  when: { field: 'category', operator: 'eq', value: 'accommodation', type: 'literal' },
                },
              ],
            },
            { name: 'description', label: 'Description', fieldType: 'textarea', columnWidth: 12 },
          ],
        },
        {
          fields: [
            {
              name: 'amount',
              label: 'Amount (net)',
              fieldType: 'number',
              required: true,
              config: { decimalPlaces: 2, format: 'plain', digitsOnly: false },
            },
            { name: 'vat', label: 'VAT (20%)', fieldType: 'calculation-currency', formula: 'ROUND(amount * 0.2, 2)' },
            { name: 'total', label: 'Total', fieldType: 'calculation-currency', formula: 'amount + vat' },
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
            { name: 'manager_comment', label: 'Manager comment', fieldType: 'textarea' },
            { name: 'finance_reference', label: 'Finance reference', fieldType: 'text' },
          ],
        },
      ],
    },
  ],
});

/** Manager approval (the approver), then Finance approval (the Finance team); each step edits only its own note. */
export function expenseClaimWorkflow(approverId: string, financeTeamId: string): WorkflowDefinition {
  const step = (activityId: string, displayName: string, left: number, approvers: object[], taskType: string) => ({
    activityId,
    type: 'Assignment',
    displayName,
    position: { left, top: 0 },
    properties: { approvers, approvalMode: 'any', dueInDays: 3, reminderEveryHours: null, taskType },
  });
  return {
    activities: [
      { activityId: 'start', type: 'StartProcess', displayName: 'Start', position: { left: 0, top: 0 } },
      step('manager', 'Manager approval', 220, [{ type: 'user', id: approverId }], 'Approval'),
      step('finance', 'Finance approval', 440, [{ type: 'team', id: financeTeamId }], 'Finance review'),
      { activityId: 'done', type: 'CompletedProcess', displayName: 'Completed', position: { left: 660, top: 0 } },
    ],
    connections: [
      { sourceActivityId: 'start', targetActivityId: 'manager', outcome: 'Done' },
      { sourceActivityId: 'manager', targetActivityId: 'finance', outcome: 'Approved' },
      { sourceActivityId: 'finance', targetActivityId: 'done', outcome: 'Approved' },
    ],
    permissions: {
      // A section's setting caps its fields, so the review notes are set one by one.
      defaults: { manager_comment: { editability: 'readonly' }, finance_reference: { editability: 'readonly' } },
      steps: {
        manager: {
          claimant: { editability: 'readonly' },
          expense: { editability: 'readonly' },
          manager_comment: { editability: 'editable' },
        },
        finance: {
          claimant: { editability: 'readonly' },
          expense: { editability: 'readonly' },
          finance_reference: { editability: 'editable' },
        },
      },
    },
  } as WorkflowDefinition;
}
