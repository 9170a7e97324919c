import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '../sys/menu-items.js';
import { arrange, linkProblem, menuEntriesFor } from './config.js';

const leaf = (id: string): MenuEntry => ({
  id,
  menu_name: id,
  action_url: `/${id.toLowerCase()}`,
  icon_class: 'dot',
  is_group: false,
  show_on_seed: true,
  placement: 'header',
});
const DEFAULTS: MenuEntry[] = [
  leaf('A'),
  leaf('B'),
  { ...leaf('G'), is_group: true, action_url: null, children: [leaf('C'), leaf('D')] },
];
const ids = (items: MenuEntry[]): unknown => items.map((i) => (i.children ? [i.id, ids(i.children)] : i.id));

describe('menu configuration', () => {
  it('accepts same-site paths and https addresses only', () => {
    for (const ok of ['/tasks', '/module/x?from=menu', 'https://wiki.example.com/a#b'])
      expect(linkProblem(ok), ok).toBeUndefined();
    for (const bad of [
      'javascript:alert(1)',
      'http://x.test',
      '//x.test',
      '/\\x.test',
      'https://a:b@x.test',
      'x',
      ' ',
      '/a b',
    ])
      expect(linkProblem(bad), bad).toBeDefined();
  });

  it('keeps entries the configuration does not name in their default place', () => {
    expect(ids(arrange(DEFAULTS, undefined))).toEqual(['A', 'B', ['G', ['C', 'D']]]);
    expect(ids(arrange(DEFAULTS, { items: [{ id: 'B' }, { id: 'G', children: [{ id: 'D' }, { id: 'A' }] }] }))).toEqual(
      ['B', ['G', ['D', 'A', 'C']]],
    );
    // An entry a later release removed is skipped.
    expect(ids(arrange(DEFAULTS, { items: [{ id: 'GONE' }, { id: 'A' }] }))).toEqual(['A', 'B', ['G', ['C', 'D']]]);
  });

  it('drops what is hidden for the role kind and leaves roles untouched', () => {
    const arranged = arrange([{ ...leaf('A'), roles: ['administrator'] }, leaf('B')], {
      items: [{ id: 'B', hidden_for: ['regularUser'], label: 'Bee' }, { id: 'A' }],
    });
    expect(menuEntriesFor(arranged, 'regularUser').map((e) => e.id)).toEqual(['A']);
    const forAdmin = menuEntriesFor(arranged, 'administrator');
    expect(forAdmin.map((e) => [e.id, e.label, e.roles])).toEqual([
      ['B', 'Bee', undefined],
      ['A', undefined, ['administrator']],
    ]);
  });
});
