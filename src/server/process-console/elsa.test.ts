import { describe, expect, it } from 'vitest';
import { importElsaWorkflow } from '../../../runtime/elsa-import.js';
import type { WorkflowDefinition } from '../../../schemas/workflow-definition.js';
import { toElsa } from './elsa.js';
import { median } from './dashboard.js';

const wf: WorkflowDefinition = {
  activities: [
    { activityId: 'start', type: 'StartProcess', displayName: 'Start', position: { left: 0, top: 0 } },
    {
      activityId: 'check',
      type: 'If',
      displayName: 'Big?',
      position: { left: 200, top: 40 },
      properties: { condition: 'amount > 10' },
    },
    { activityId: 'done', type: 'CompletedProcess', position: { left: 400, top: 0 } },
  ],
  connections: [
    { sourceActivityId: 'start', targetActivityId: 'check', outcome: 'Done' },
    { sourceActivityId: 'check', targetActivityId: 'done', outcome: 'True' },
  ],
};

describe('Elsa export', () => {
  it('writes properties the way Elsa 2 stores them and reads back the same workflow', () => {
    const elsa = toElsa(wf, { id: 'm1', name: 'Claims', version: 2 });
    expect(elsa.activities[1]).toMatchObject({
      left: 200,
      top: 40,
      properties: [{ name: 'condition', syntax: 'Literal', expressions: { Literal: 'amount > 10' } }],
    });
    expect(importElsaWorkflow(JSON.parse(JSON.stringify(elsa)))).toEqual(wf);
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
