import { describe, expect, it } from 'vitest';
import type { ModuleDefinition } from '../../schemas/module-definition';
import type { WorkflowDefinition } from '../../schemas/workflow-definition';
import { activityRegistry } from '../../runtime/activity-registry';
import { fieldNamesOf } from '../../runtime/workflow-validate';
import { validateDesign } from './validate';

const def: ModuleDefinition = {
  display_name: 'Expenses',
  fieldGroups: [
    {
      id: 'g1',
      label: 'Claim',
      rows: [
        {
          fields: [
            { name: 'amount', label: 'Amount', fieldType: 'number' },
            { name: 'approver', label: 'Approver', fieldType: 'text' },
          ],
        },
      ],
    },
  ],
};

function workflow(): WorkflowDefinition {
  return {
    activities: [
      { activityId: 'start', type: 'StartProcess', displayName: 'Start' },
      {
        activityId: 'assignment-1',
        type: 'Assignment',
        displayName: 'Manager',
        properties: { approvers: [{ type: 'field', field: 'approver' }], approvalMode: 'any' },
      },
      { activityId: 'if-1', type: 'If', displayName: 'Large', properties: { condition: '{amount} > 100' } },
      { activityId: 'completed', type: 'CompletedProcess', displayName: 'Completed' },
    ],
    connections: [
      { sourceActivityId: 'start', targetActivityId: 'assignment-1', outcome: 'Done' },
      { sourceActivityId: 'assignment-1', targetActivityId: 'if-1', outcome: 'Approved' },
      { sourceActivityId: 'if-1', targetActivityId: 'completed', outcome: 'True' },
      { sourceActivityId: 'if-1', targetActivityId: 'completed', outcome: 'False' },
    ],
  };
}
const messages = (wf: WorkflowDefinition, d = def) => validateDesign(wf, d, activityRegistry).map((i) => i.message);

describe('validateDesign (with the real activity plugins)', () => {
  it('lists every field of every group', () => {
    expect(fieldNamesOf(def)).toEqual(['amount', 'approver']);
  });

  it('accepts a complete workflow', () => {
    expect(messages(workflow())).toEqual([]);
  });

  it('runs the shared rules: outcomes of the plugins, conditions, removed approver fields', () => {
    const wf = workflow();
    wf.connections.push({ sourceActivityId: 'assignment-1', targetActivityId: 'completed', outcome: 'Done' });
    wf.activities[2]!.properties = { condition: '{amount} >' };
    const removed = {
      ...def,
      fieldGroups: [{ ...def.fieldGroups[0]!, rows: [{ fields: [def.fieldGroups[0]!.rows[0]!.fields[0]!] }] }],
    };
    const out = messages(wf, removed);
    expect(out).toContain('Manager has no outcome Done');
    expect(out.some((m) => m.startsWith('The condition of Large is not valid'))).toBe(true);
    expect(out).toContain('Assignee for Manager is no longer available');
  });

  it('asks for at least one approver on an Assignment', () => {
    const wf = workflow();
    wf.activities[1]!.properties = { approvers: [], approvalMode: 'any' };
    expect(validateDesign(wf, def, activityRegistry)).toEqual([
      {
        code: 'ASSIGNEE_MISSING',
        params: { name: 'Manager' },
        message: 'Manager needs at least one approver',
        activityId: 'assignment-1',
      },
    ]);
  });
});
