import { describe, expect, it } from 'vitest';
import { activeTrail, filterTree, pageTrail } from './navigation';
import { badgeText, searchProblem } from './layout';
import type { MenuItem, TreeNode } from './api';

const m = (id: string, url: string | null, children?: MenuItem[]): MenuItem => ({
  id,
  menu_name: id,
  action_url: url,
  icon_class: 'cog',
  is_group: !!children,
  show_on_seed: true,
  placement: 'header',
  children,
});

describe('shell navigation', () => {
  const tree: TreeNode[] = [
    {
      id: 'g',
      text: 'HR',
      type: 'group',
      icon: null,
      description: null,
      children: [
        { id: 'a', text: 'Leave', type: 'Module', icon: null, description: null },
        { id: 'b', text: 'Expenses', type: 'Module', icon: null, description: null },
      ],
    },
    { id: 'c', text: 'Travel', type: 'Module', icon: null, description: null },
  ];
  it('filters the module tree', () => {
    expect(filterTree(tree, 'lea')).toEqual([{ ...tree[0], children: [tree[0]!.children![0]] }]);
    expect(filterTree(tree, 'hr')).toEqual([tree[0]]);
    expect(filterTree(tree, '  ')).toBe(tree);
    expect(filterTree(tree, 'zzz')).toEqual([]);
  });
  it('finds the active menu trail', () => {
    const menu = [
      m('APPS', '/applications'),
      m('SETTINGS', null, [
        m('USER_MANAGEMENT', '/settings/user-management/FULL_USER'),
        m('MENU_SETTINGS', '/settings/menu'),
      ]),
    ];
    expect(activeTrail(menu, '/settings/user-management/REGULAR_USER').map((i) => i.id)).toEqual([
      'SETTINGS',
      'USER_MANAGEMENT',
    ]);
    expect(activeTrail(menu, '/applications').map((i) => i.id)).toEqual(['APPS']);
    expect(activeTrail(menu, '/tasks')).toEqual([]);
  });
  it('builds each page trail: none on Home, the app and its page, the menu entry', () => {
    const menu = [m('APPS', '/applications'), m('SETTINGS', null, [m('MENU_SETTINGS', '/settings/menu')])];
    expect(pageTrail('/tasks', menu, tree)).toEqual([]);
    expect(pageTrail('/settings/menu', menu, tree).map((c) => c.key)).toEqual([
      'SHELL.MENU.SETTINGS',
      'SHELL.MENU.MENU_SETTINGS',
    ]);
    expect(pageTrail('/item-editor/a', menu, tree)).toEqual([
      { text: 'HR' },
      { text: 'Leave', href: '/module/a' },
      { key: 'SHELL.PAGE.NEW_RECORD' },
    ]);
    expect(pageTrail('/task-editor/c/r1/t1', menu, tree)).toEqual([
      { text: 'Travel', href: '/module/c' },
      { key: 'SHELL.PAGE.TASK' },
    ]);
    // An unpublished app is not in the tree: the designer reports its name.
    expect(pageTrail('/form-editor/show/x/workflow', menu, tree, 'Draft app')).toEqual([
      { key: 'SHELL.MENU.APPS', href: '/applications' },
      { text: 'Draft app', href: '/form-editor/show/x' },
      { key: 'SHELL.PAGE.WORKFLOW' },
    ]);
    expect(pageTrail('/module/b', menu, tree)).toEqual([{ text: 'HR' }, { text: 'Expenses' }]);
  });
  it('puts pages reached from a menu page under that entry, by its default label when the menu leaves it out', () => {
    const menu = [m('APPS', '/applications'), { ...m('DASHBOARD', '/dashboard'), label: 'Insights' }];
    expect(pageTrail('/report-designer', menu, tree)).toEqual([
      { text: 'Insights', href: '/dashboard' },
      { key: 'SHELL.PAGE.REPORTS', href: '/reports' },
      { key: 'SHELL.PAGE.REPORT_DESIGNER' },
    ]);
    expect(pageTrail('/dashboard-landing', menu, tree)).toEqual([{ text: 'Insights', href: '/dashboard' }]);
    expect(pageTrail('/form-editor/show', menu, tree)).toEqual([{ key: 'SHELL.MENU.APPS', href: '/applications' }]);
    expect(pageTrail('/bi-reports', menu, tree)).toEqual([
      { key: 'SHELL.MENU.BUSINESS_INTELLIGENCE', href: '/business-intelligence' },
      { key: 'SHELL.PAGE.REPORTS' },
    ]);
    expect(pageTrail('/help/getting-started', menu, tree)).toEqual([{ key: 'SHELL.PAGE.HELP' }]);
    expect(pageTrail('/app/organization', menu, tree)).toEqual([{ key: 'SHELL.PAGE.ORG_UNITS' }]);
    // Prefixes of other pages' paths are not theirs.
    expect(pageTrail('/reports-archive', menu, tree)).toEqual([]);
    expect(pageTrail('/settings/organization', menu, tree)).toEqual([]);
  });
  it('checks search values and caps the badge', () => {
    expect(searchProblem('Leave req-1_x')).toBe(false);
    expect(searchProblem('Leave%')).toBe(true);
    expect(badgeText(12)).toBe('12');
    expect(badgeText(10000)).toBe('9999+');
  });
});
