import { describe, expect, it } from 'vitest';
import { ElsaImportError, importElsaWorkflow } from './elsa-import';
import { activityRegistry } from './activity-registry';
import { validateWorkflow } from './workflow-validate';

/** The shape the spec describes: Elsa 2 activities with position left/top, properties as expression lists. */
const elsa = {
  activities: [
    {
      activityId: 's',
      type: 'StartProcess',
      name: 'Start',
      displayName: 'Start',
      position: { left: 10, top: 20 },
      state: { title: 'Start', name: 'Start' },
      properties: [],
    },
    {
      activityId: 'a',
      type: 'Assignment',
      name: 'Manager',
      displayName: 'Manager approval',
      position: { left: 300, top: 20 },
      properties: [{ name: 'Title', syntax: 'Literal', expressions: { Literal: 'Approve leave' } }],
      assignToCollectionExpression: ['user-1', { type: 'field', field: 'manager' }],
    },
    {
      activityId: 'i',
      type: 'IfElse',
      displayName: 'Long leave',
      left: 500,
      top: 40,
      properties: [{ name: 'Condition', syntax: 'JavaScript', expressions: { JavaScript: '{days} > 5' } }],
    },
    { activityId: 'f', type: 'FinishDataconnector', displayName: 'Notify HR', x: 700, y: 60 },
    { activityId: 'c', type: 'CompletedProcess', displayName: 'Completed', position: { left: 900, top: 20 } },
  ],
  connections: [
    { sourceActivityId: 's', targetActivityId: 'a' },
    { sourceActivityId: 'a', targetActivityId: 'i', outcome: 'Approved' },
    { sourceActivityId: 'a', destinationActivityId: 'c', outcome: 'Rejected' },
    { sourceActivityId: 'i', targetActivityId: 'f', outcome: 'True' },
    { sourceActivityId: 'i', targetActivityId: 'c', outcome: 'False' },
    { sourceActivityId: 'f', targetActivityId: 'c', outcome: 'Done' },
  ],
};

describe('importElsaWorkflow', () => {
  it('converts activities, types, positions, properties, approvers and connections', () => {
    const wf = importElsaWorkflow(JSON.stringify(elsa), activityRegistry);
    expect(wf.activities.map((a) => [a.activityId, a.type, a.position])).toEqual([
      ['s', 'StartProcess', { left: 10, top: 20 }],
      ['a', 'Assignment', { left: 300, top: 20 }],
      ['i', 'If', { left: 500, top: 40 }],
      ['f', 'Finish', { left: 700, top: 60 }],
      ['c', 'CompletedProcess', { left: 900, top: 20 }],
    ]);
    expect(wf.activities[0]!.state).toEqual({ title: 'Start', name: 'Start' });
    expect(wf.activities[0]!.properties).toBeUndefined();
    expect(wf.activities[1]!.properties).toEqual({
      title: 'Approve leave',
      approvers: [
        { type: 'user', id: 'user-1' },
        { type: 'field', field: 'manager' },
      ],
    });
    expect(wf.activities[1]!.assignToCollectionExpression).toBeUndefined();
    expect(wf.activities[2]!.properties).toEqual({ condition: '{days} > 5' });
    expect(wf.connections).toContainEqual({ sourceActivityId: 's', targetActivityId: 'a', outcome: 'Done' });
    expect(wf.connections).toContainEqual({ sourceActivityId: 'a', targetActivityId: 'c', outcome: 'Rejected' });
    expect(validateWorkflow(wf, { fieldNames: ['days', 'manager'], activities: activityRegistry })).toEqual([]);
    // Without the plugins nothing adopts the expression: it stays on the activity as Elsa had it.
    expect(importElsaWorkflow(elsa).activities[1]!.assignToCollectionExpression).toEqual([
      'user-1',
      { type: 'field', field: 'manager' },
    ]);
  });

  it('accepts a wrapped export and lays out activities without a position', () => {
    const wf = importElsaWorkflow({
      workflowDefinition: {
        activities: [
          { activityId: 'x', type: 'StartProcess' },
          { id: 'y', type: 'CompletedProcess' },
        ],
        connections: [],
      },
    });
    expect(wf.activities.map((a) => a.position)).toEqual([
      { left: 80, top: 80 },
      { left: 340, top: 80 },
    ]);
    expect(wf.activities[1]!.activityId).toBe('y');
  });

  it('explains what it cannot read', () => {
    const fail = (input: unknown) => {
      try {
        importElsaWorkflow(input);
      } catch (e) {
        expect(e).toBeInstanceOf(ElsaImportError);
        return (e as Error).message;
      }
      throw new Error('expected a failure');
    };
    expect(fail('{not json')).toBe('The text is not valid JSON');
    let caught: unknown;
    try {
      importElsaWorkflow({
        activities: [{ activityId: 'q', type: 'If' }],
        connections: [{ sourceActivityId: 'q', targetActivityId: 'z' }],
      });
    } catch (e) {
      caught = e;
    }
    // The designer translates by code and params.
    expect(caught).toMatchObject({ code: 'CONNECTION_MISSING', params: { n: '1', id: 'z' } });
    expect(fail({ nodes: [] })).toBe('The workflow has no activities list');
    expect(fail({ activities: [{ type: 'If' }] })).toBe('Activity 1 has no activityId');
    expect(fail({ activities: [{ activityId: 'q' }] })).toBe('Activity q has no type');
    expect(
      fail({
        activities: [
          { activityId: 'q', type: 'If' },
          { activityId: 'q', type: 'If' },
        ],
      }),
    ).toBe('Two activities share the id q');
    expect(fail({ activities: [{ activityId: 'q', type: 'If' }], connections: [{ sourceActivityId: 'q' }] })).toBe(
      'Connection 1 needs sourceActivityId and targetActivityId',
    );
    expect(
      fail({
        activities: [{ activityId: 'q', type: 'If' }],
        connections: [{ sourceActivityId: 'q', targetActivityId: 'z' }],
      }),
    ).toBe('Connection 1 refers to a missing activity z');
  });
});
