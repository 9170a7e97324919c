import { describe, expect, it } from 'vitest';
import { chainUp, sameRole, wouldCycle, type UnitLink } from './tree';

const units = new Map<string, UnitLink>(
  [
    { id: 'root', parent_id: null },
    { id: 'sales', parent_id: 'root' },
    { id: 'north', parent_id: 'sales' },
  ].map((u) => [u.id, u]),
);

describe('unit tree', () => {
  it('walks from a unit to the top', () => {
    expect(chainUp(units, 'north').map((u) => u.id)).toEqual(['north', 'sales', 'root']);
    expect(chainUp(units, null)).toEqual([]);
    expect(chainUp(units, 'gone')).toEqual([]);
  });

  it('stops on a cycle instead of looping', () => {
    const loop = new Map<string, UnitLink>([
      ['a', { id: 'a', parent_id: 'b' }],
      ['b', { id: 'b', parent_id: 'a' }],
    ]);
    expect(chainUp(loop, 'a').map((u) => u.id)).toEqual(['a', 'b']);
  });

  it('refuses a move under the unit itself or its descendants', () => {
    expect(wouldCycle(units, 'sales', 'north')).toBe(true);
    expect(wouldCycle(units, 'sales', 'sales')).toBe(true);
    expect(wouldCycle(units, 'north', 'root')).toBe(false);
    expect(wouldCycle(units, 'sales', null)).toBe(false);
  });

  it('compares role names without case', () => {
    expect(sameRole(' approver', 'Approver')).toBe(true);
    expect(sameRole(null, 'Approver')).toBe(false);
  });
});
