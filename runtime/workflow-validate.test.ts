import { describe, expect, it } from 'vitest';
import type { WorkflowDefinition } from '../schemas/workflow-definition';
import type { ActivityManifestRegistry } from './plugin-contract';
import { activityRegistry } from './activity-registry';
import { orderSteps, validateWorkflow, type WorkflowValidationContext } from './workflow-validate';

const activities: ActivityManifestRegistry = activityRegistry;

/** Start -> Manager approval -> Check -> Completed; Rejected ends at Completed too. */
function approval(): WorkflowDefinition {
  return {
    activities: [
      { activityId: 'start', type: 'StartProcess', displayName: 'Start', position: { left: 0, top: 0 } },
      {
        activityId: 'a1',
        type: 'Assignment',
        displayName: 'Manager approval',
        properties: { approvers: [{ type: 'user', id: 'u1', name: 'Ann' }] },
      },
      { activityId: 'if1', type: 'If', displayName: 'Big amount', properties: { condition: '{amount} > 1000' } },
      { activityId: 'done', type: 'CompletedProcess', displayName: 'Completed' },
    ],
    connections: [
      { sourceActivityId: 'start', targetActivityId: 'a1', outcome: 'Done' },
      { sourceActivityId: 'a1', targetActivityId: 'if1', outcome: 'Approved' },
      { sourceActivityId: 'a1', targetActivityId: 'done', outcome: 'Rejected' },
      { sourceActivityId: 'if1', targetActivityId: 'done', outcome: 'True' },
      { sourceActivityId: 'if1', targetActivityId: 'done', outcome: 'False' },
    ],
  };
}
const ctx = { fieldNames: ['amount', 'manager'], activities };
const messages = (wf: WorkflowDefinition, c: WorkflowValidationContext = ctx) =>
  validateWorkflow(wf, c).map((i) => i.message);

describe('validateWorkflow', () => {
  it('accepts a complete approval workflow and the default Start -> Completed one', () => {
    expect(messages(approval())).toEqual([]);
    const minimal: WorkflowDefinition = {
      activities: [
        { activityId: 'start', type: 'StartProcess' },
        { activityId: 'completed', type: 'CompletedProcess' },
      ],
      connections: [{ sourceActivityId: 'start', targetActivityId: 'completed' }],
    };
    expect(messages(minimal)).toEqual([]);
  });

  it('needs exactly one Start and one Completed, Start first and Completed last', () => {
    const wf = approval();
    wf.activities = wf.activities.filter((a) => a.type !== 'CompletedProcess');
    wf.connections = wf.connections.filter((c) => c.targetActivityId !== 'done');
    expect(messages(wf)).toContain('The workflow needs a Completed step');
    const twice = approval();
    twice.activities.push({ activityId: 'start2', type: 'StartProcess' });
    expect(messages(twice)).toContain('The workflow may have only one Start step');
    const loop = approval();
    loop.connections.push({ sourceActivityId: 'done', targetActivityId: 'start', outcome: 'Done' });
    expect(messages(loop)).toEqual([
      'Start must be the first step: nothing may lead to it',
      'Completed must be the last step: nothing may follow it',
    ]);
  });

  it('finds activities that cannot be reached from Start', () => {
    const wf = approval();
    wf.activities.push({
      activityId: 'a2',
      type: 'Assignment',
      displayName: 'Finance',
      properties: { approvers: [{ type: 'user', id: 'u2' }] },
    });
    expect(messages(wf)).toEqual(['Finance cannot be reached from Start']);
  });

  it('allows each outcome to be connected at most once and only outcomes the plugin declares', () => {
    const wf = approval();
    wf.connections.push({ sourceActivityId: 'a1', targetActivityId: 'done', outcome: 'Approved' });
    wf.connections.push({ sourceActivityId: 'if1', targetActivityId: 'done', outcome: 'Maybe' });
    expect(messages(wf)).toEqual([
      'Outcome Approved of Manager approval is connected more than once',
      'Big amount has no outcome Maybe',
    ]);
  });

  it('reports unknown types and dangling connections', () => {
    const wf = approval();
    wf.activities.push({ activityId: 'x', type: 'Teleport', name: 'Beam' });
    wf.connections.push(
      { sourceActivityId: 'start', targetActivityId: 'x', outcome: 'Other' },
      { sourceActivityId: 'x', targetActivityId: 'ghost' },
    );
    expect(messages(wf)).toEqual([
      'Activity Beam has an unknown type Teleport',
      'Start has no outcome Other',
      'A connection from Beam refers to a missing activity',
    ]);
    // Roles come from the plugins: a registry that calls another type the start moves the rules with it.
    const renamed = { ...activities, Teleport: { ...activities.StartProcess!, type: 'Teleport' } };
    expect(messages(approval(), { ...ctx, activities: renamed })).toEqual([]);
    const twoStarts = approval();
    twoStarts.activities.push({ activityId: 'x', type: 'Teleport', name: 'Beam' });
    twoStarts.connections.push({ sourceActivityId: 'a1', targetActivityId: 'x', outcome: 'Approved' });
    expect(messages(twoStarts, { ...ctx, activities: renamed })).toEqual([
      'The workflow may have only one Start step',
      'Outcome Approved of Manager approval is connected more than once',
      'Start must be the first step: nothing may lead to it',
    ]);
  });

  it('needs a condition on If that parses in the safe evaluator', () => {
    const wf = approval();
    wf.activities[2]!.properties = { condition: '' };
    expect(messages(wf)).toEqual(['Big amount needs a condition']);
    wf.activities[2]!.properties = { condition: '{amount} > (' };
    const [msg] = messages(wf);
    expect(msg).toMatch(/^The condition of Big amount is not valid: /);
  });

  it("says 'Assignee for {name} is no longer available' when every approver is a removed field", () => {
    const wf = approval();
    wf.activities[1]!.properties = { approvers: [{ type: 'field', field: 'manager' }] };
    expect(messages(wf)).toEqual([]);
    expect(messages(wf, { ...ctx, fieldNames: ['amount'] })).toEqual([
      'Assignee for Manager approval is no longer available',
    ]);
    // One approver still there is enough.
    wf.activities[1]!.properties = {
      approvers: [
        { type: 'field', field: 'manager' },
        { type: 'user', id: 'u1' },
      ],
    };
    expect(messages(wf, { ...ctx, fieldNames: ['amount'] })).toEqual([]);
    wf.activities[1]!.properties = {};
    expect(messages(wf)).toEqual([]);
    // The Elsa-style list of user ids counts as approvers.
    wf.activities[1]!.properties = { approvers: [{ type: 'field', field: 'gone' }] };
    wf.activities[1]!.assignToCollectionExpression = ['u9'];
    expect(messages(wf)).toEqual([]);
  });

  it('carries a code, params and the activity for the designer', () => {
    const wf = approval();
    wf.activities[1]!.properties = { approvers: [{ type: 'field', field: 'gone' }] };
    expect(validateWorkflow(wf, ctx)).toEqual([
      {
        code: 'ASSIGNEE_REMOVED',
        params: { name: 'Manager approval' },
        message: 'Assignee for Manager approval is no longer available',
        activityId: 'a1',
        ns: 'activity.Assignment',
      },
    ]);
  });
});

describe('orderSteps', () => {
  it('puts Start first, then the walk from Start, unreachable ones, and Completed last', () => {
    const wf = approval();
    wf.activities.unshift({ activityId: 'done2', type: 'Finish', displayName: 'Stray', position: { left: 5, top: 5 } });
    expect(orderSteps(wf, activities).map((a) => a.activityId)).toEqual(['start', 'a1', 'if1', 'done2', 'done']);
  });
});
