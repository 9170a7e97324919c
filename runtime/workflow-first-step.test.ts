import { describe, expect, it } from 'vitest';
import { activityRegistry } from './activity-registry';
import { firstStepTitle } from './workflow-first-step';
import type { WorkflowDefinition } from '../schemas/workflow-definition';

const at = { left: 0, top: 0 };
const step = (activityId: string, type: string, displayName = activityId) => ({
  activityId,
  type,
  displayName,
  position: at,
});
const link = (sourceActivityId: string, targetActivityId: string, outcome = 'Done') => ({
  sourceActivityId,
  targetActivityId,
  outcome,
});

describe('the step a submitted record goes to first', () => {
  it('names the first assignment after the start, through steps that hand out no tasks', () => {
    const wf: WorkflowDefinition = {
      activities: [
        step('s', 'StartProcess'),
        step('if', 'If'),
        step('m', 'Assignment', 'Manager approval'),
        step('e', 'CompletedProcess'),
      ],
      connections: [link('s', 'if'), link('if', 'm', 'True'), link('if', 'm', 'False'), link('m', 'e', 'Approved')],
    };
    expect(firstStepTitle(wf, activityRegistry)).toBe('Manager approval');
  });

  it('says nothing when the values choose between differently named steps, or there is no step', () => {
    const branching: WorkflowDefinition = {
      activities: [
        step('s', 'StartProcess'),
        step('if', 'If'),
        step('a', 'Assignment', 'Manager'),
        step('b', 'Assignment', 'Finance'),
      ],
      connections: [link('s', 'if'), link('if', 'a', 'True'), link('if', 'b', 'False')],
    };
    expect(firstStepTitle(branching, activityRegistry)).toBeUndefined();
    const none: WorkflowDefinition = {
      activities: [step('s', 'StartProcess'), step('e', 'CompletedProcess')],
      connections: [link('s', 'e')],
    };
    expect(firstStepTitle(none, activityRegistry)).toBeUndefined();
    expect(firstStepTitle(null, activityRegistry)).toBeUndefined();
  });
});
