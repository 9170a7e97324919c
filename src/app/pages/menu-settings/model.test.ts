import { describe, expect, it } from 'vitest';
import type { EditorNode } from './api';
import { moveEntry, nudge, toBody } from './model';

const leaf = (id: string, extra: Partial<EditorNode> = {}): EditorNode => ({
  id,
  menu_name: id,
  label: null,
  icon: 'dot',
  default_icon: 'dot',
  url: `/${id}`,
  is_group: false,
  custom: false,
  placement: 'header',
  hidden_for: [],
  ...extra,
});
const group = (id: string, children: EditorNode[]) => leaf(id, { is_group: true, url: null, children });
const shape = (items: EditorNode[]): unknown => items.map((n) => (n.children ? [n.id, shape(n.children)] : n.id));

const menu = () => [leaf('A'), leaf('B'), group('G', [leaf('C'), leaf('D')]), group('H', [leaf('E')])];

describe('menu settings model', () => {
  it('moves entries before others, into and out of groups, and to group ends', () => {
    expect(shape(moveEntry(menu(), 'B', { kind: 'before', id: 'A' }))).toEqual([
      'B',
      'A',
      ['G', ['C', 'D']],
      ['H', ['E']],
    ]);
    expect(shape(moveEntry(menu(), 'A', { kind: 'before', id: 'D' }))).toEqual([
      'B',
      ['G', ['C', 'A', 'D']],
      ['H', ['E']],
    ]);
    expect(shape(moveEntry(menu(), 'C', { kind: 'end', group: 'H' }))).toEqual([
      'A',
      'B',
      ['G', ['D']],
      ['H', ['E', 'C']],
    ]);
    expect(shape(moveEntry(menu(), 'E', { kind: 'end', group: null }))).toEqual([
      'A',
      'B',
      ['G', ['C', 'D']],
      ['H', []],
      'E',
    ]);
    expect(moveEntry(menu(), 'A', { kind: 'before', id: 'A' })).toEqual(menu());
  });

  it('keeps groups at the top level', () => {
    expect(shape(moveEntry(menu(), 'H', { kind: 'before', id: 'D' }))).toEqual([
      'A',
      'B',
      ['H', ['E']],
      ['G', ['C', 'D']],
    ]);
    expect(shape(moveEntry(menu(), 'G', { kind: 'end', group: 'H' }))).toEqual([
      'A',
      'B',
      ['H', ['E']],
      ['G', ['C', 'D']],
    ]);
    expect(moveEntry(menu(), 'G', { kind: 'before', id: 'C' })).toEqual(menu());
  });

  it('nudges among siblings and stops at the ends', () => {
    expect(shape(nudge(menu(), 'D', -1))).toEqual(['A', 'B', ['G', ['D', 'C']], ['H', ['E']]]);
    expect(nudge(menu(), 'A', -1)).toEqual(menu());
  });

  it('stores only what differs from the defaults', () => {
    const items = [
      leaf('A', { label: ' Start ', icon: 'home' }),
      group('G', [leaf('C', { hidden_for: ['regularUser'] })]),
    ];
    expect(toBody(items)).toEqual({
      items: [
        { id: 'A', label: 'Start', icon: 'home' },
        { id: 'G', children: [{ id: 'C', hidden_for: ['regularUser'] }] },
      ],
    });
  });
});
