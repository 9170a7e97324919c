import { describe, expect, it } from 'vitest';
import type { ModuleDefinition } from '../../schemas/module-definition';
import type { WorkflowDefinition } from '../../schemas/workflow-definition';
import { DEFAULTS, effective, matrixRows, nextSetting, prunePermissions, setCell, stepColumns } from './matrix';

const def: ModuleDefinition = {
  display_name: 'x',
  fieldGroups: [
    {
      id: 'g',
      label: 'Main',
      rows: [
        {
          fields: [
            { name: 'a', label: 'A', fieldType: 'text' },
            { name: 'b', label: 'B', fieldType: 'text', editable: false },
          ],
        },
      ],
    },
  ],
};
const wf: WorkflowDefinition = {
  activities: [
    { activityId: 'done', type: 'CompletedProcess', displayName: 'Completed' },
    { activityId: 'm', type: 'Assignment', displayName: 'Manager' },
    { activityId: 's', type: 'StartProcess', displayName: 'Start' },
  ],
  connections: [
    { sourceActivityId: 's', targetActivityId: 'm' },
    { sourceActivityId: 'm', targetActivityId: 'done', outcome: 'Approved' },
  ],
};

describe('permission matrix', () => {
  it('has Start first, the activities, Completed last; groups followed by their fields', () => {
    expect(stepColumns(wf)).toEqual([
      { key: 'fs-start', label: 'Start' },
      { key: 'm', label: 'Manager' },
      { key: 'fs-complete', label: 'Completed' },
    ]);
    expect(matrixRows(def).map((r) => [r.id, r.group, r.base.editability])).toEqual([
      ['g', true, 'editable'],
      ['a', false, 'editable'],
      ['b', false, 'readonly'],
    ]);
  });

  it('cycles a toggle through inherited, restrictive and open', () => {
    expect(nextSetting(undefined, 'visibility')).toBe('hidden');
    expect(nextSetting('hidden', 'visibility')).toBe('visible');
    expect(nextSetting('visible', 'visibility')).toBeUndefined();
    expect(nextSetting(undefined, 'editability')).toBe('readonly');
  });

  it('applies a step setting over the defaults over the field', () => {
    const [, a, b] = matrixRows(def);
    let p = setCell(undefined, DEFAULTS, 'a', 'visibility', 'hidden');
    expect(effective(p, 'm', a!, 'visibility')).toEqual({ value: 'hidden', inherited: true });
    p = setCell(p, 'm', 'a', 'visibility', 'visible');
    expect(effective(p, 'm', a!, 'visibility')).toEqual({ value: 'visible', inherited: false });
    expect(effective(p, 'fs-start', b!, 'editability')).toEqual({ value: 'readonly', inherited: true });
    expect(p).toEqual({ defaults: { a: { visibility: 'hidden' } }, steps: { m: { a: { visibility: 'visible' } } } });
    // Clearing removes empty entries.
    p = setCell(p, 'm', 'a', 'visibility', undefined);
    expect(p).toEqual({ defaults: { a: { visibility: 'hidden' } }, steps: {} });
  });

  it('drops settings of removed steps and fields', () => {
    const p = {
      defaults: { a: { visibility: 'hidden' as const }, gone: { visibility: 'hidden' as const } },
      steps: { m: { a: { editability: 'readonly' as const } }, old: { a: { visibility: 'hidden' as const } } },
    };
    expect(prunePermissions(p, ['fs-start', 'm'], ['a'])).toEqual({
      defaults: { a: { visibility: 'hidden' } },
      steps: { m: { a: { editability: 'readonly' } } },
    });
  });
});
