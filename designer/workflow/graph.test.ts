import { describe, expect, it } from 'vitest';
import type { WorkflowDefinition } from '../../schemas/workflow-definition';
import { activityRegistry } from '../../runtime/activity-registry';
import { connectOutcome, fromFlow, newActivity, nextActivityId, normalizeProperties, toFlow } from './graph';

const wf: WorkflowDefinition = {
  activities: [
    { activityId: 'start', type: 'StartProcess', displayName: 'Start', position: { left: 80, top: 120 } },
    {
      activityId: 'a',
      type: 'Assignment',
      displayName: 'Check',
      description: 'd',
      position: { left: 300, top: 100 },
      properties: { approvers: [{ type: 'user', id: 'u' }] },
    },
    { activityId: 'completed', type: 'CompletedProcess', displayName: 'Completed', position: { left: 480, top: 120 } },
  ],
  connections: [
    { sourceActivityId: 'start', targetActivityId: 'a', outcome: 'Done' },
    { sourceActivityId: 'a', targetActivityId: 'completed', outcome: 'Approved' },
  ],
  permissions: { defaults: { x: { visibility: 'hidden' } }, steps: {} },
};

describe('canvas <-> stored workflow', () => {
  it('round-trips activities, positions, outcomes and permissions', () => {
    const { nodes, edges } = toFlow(wf);
    expect(nodes.map((n) => [n.id, n.deletable])).toEqual([
      ['start', false],
      ['a', true],
      ['completed', false],
    ]);
    expect(edges[1]).toMatchObject({ source: 'a', target: 'completed', sourceHandle: 'Approved' });
    expect(fromFlow(nodes, edges, wf.permissions)).toEqual(wf);
  });

  it('connects an outcome to one place only', () => {
    const { edges } = toFlow(wf);
    const next = connectOutcome(edges, 'a', 'Approved', 'start');
    expect(next.filter((e) => e.source === 'a').map((e) => e.target)).toEqual(['start']);
    expect(connectOutcome(next, 'a', 'Rejected', 'completed')).toHaveLength(3);
  });

  it('creates activities with fresh ids and the plugin defaults', () => {
    expect(nextActivityId('Assignment', ['assignment-1', 'assignment-2'])).toBe('assignment-3');
    const { nodes } = toFlow(wf);
    const n = newActivity(activityRegistry.If!, 'IfElse', { x: 1, y: 2 }, nodes);
    expect(n).toMatchObject({
      id: 'if-1',
      position: { x: 1, y: 2 },
      data: { type: 'If', displayName: 'IfElse 1', properties: { condition: 'true' } },
      deletable: true,
    });
  });

  it('keeps imported properties to what the plugin accepts', () => {
    const a = normalizeProperties(
      { activityId: 'a', type: 'Assignment', properties: { title: 'x', approvers: [{ type: 'user', id: 'u' }] } },
      activityRegistry.Assignment,
    );
    expect(a.properties).toEqual({
      approvers: [{ type: 'user', id: 'u' }],
      approvalMode: 'any',
      dueInDays: null,
      reminderEveryHours: null,
      taskType: 'Approval',
    });
  });
});
