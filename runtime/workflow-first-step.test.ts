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

/** Start, a condition, and the step each of its outcomes leads to (one step when both are named the same). */
const branching = (whenTrue: string, whenFalse: string): WorkflowDefinition => ({
  activities: [
    step('s', 'StartProcess'),
    step('if', 'If'),
    step('t', 'Assignment', whenTrue),
    ...(whenFalse === whenTrue ? [] : [step('f', 'Assignment', whenFalse)]),
  ],
  connections: [link('s', 'if'), link('if', 't', 'True'), link('if', whenFalse === whenTrue ? 't' : 'f', 'False')],
});

describe('the step a submitted record goes to first', () => {
  it('names the first assignment after the start, through steps that hand out no tasks', () => {
    expect(firstStepTitle(branching('Manager approval', 'Manager approval'), activityRegistry)).toBe(
      'Manager approval',
    );
  });

  it('says nothing when the values choose between differently named steps, or there is no step', () => {
    expect(firstStepTitle(branching('Manager', 'Finance'), activityRegistry)).toBeUndefined();
    const none: WorkflowDefinition = {
      activities: [step('s', 'StartProcess'), step('e', 'CompletedProcess')],
      connections: [link('s', 'e')],
    };
    expect(firstStepTitle(none, activityRegistry)).toBeUndefined();
    expect(firstStepTitle(null, activityRegistry)).toBeUndefined();
  });
});
