import { describe, expect, it } from 'vitest';
import { useOffice, ACME } from '../support/office.js';
import { bearer } from '../support/auth.js';
import { testDialects } from '../support/databases.js';
import { settleInbox } from '../../src/server/audit/chain.js';

type Item = { id: string; label?: string; icon_class: string; action_url: string | null; children?: Item[] };
type Setting = { id: string; label?: string; icon?: string; hidden_for?: string[]; url?: string; children?: Setting[] };

const S = '/api/sys/menu-settings';
const SIDEBAR = '/api/sys/permissions/menu/sidebar';

describe.each(await testDialects())('menu settings on %s', (dialect) => {
  const o = useOffice(dialect, [
    { username: 'boss', isAdministrator: true },
    { username: 'ann', isFullUser: true },
    { username: 'fred', isFullUser: true },
    'rita',
    { username: 'cora', isConsultant: true },
  ]);
  const send = (who: string, method: 'PUT' | 'DELETE', payload?: object) =>
    o.t.app.inject({ method, url: S, headers: bearer(o.tok[who]!, ACME), ...(payload ? { payload } : {}) });
  const menu = async (who: string) => (await o.get(who, SIDEBAR)).json().data as Item[];
  const ids = (items: Item[]) => items.map((i) => i.id);

  it('applies order, rename, icon, per-role hiding and a custom link to every user of the tenant', async () => {
    const items: Setting[] = [
      { id: 'DASHBOARD' },
      { id: 'custom-wiki', label: 'Company wiki', url: 'https://wiki.example.com/start', icon: 'book' },
      { id: 'APPS', label: 'Our apps', icon: 'grid-view' },
      { id: 'QUICK_REPORT', hidden_for: ['fullUser'] },
      { id: 'custom-tasks', label: 'My tasks', url: '/tasks', hidden_for: ['regularUser'] },
      { id: 'SETTINGS', children: [{ id: 'ORGANIZATION' }, { id: 'MENU_SETTINGS', label: 'Menu' }] },
    ];
    const saved = await send('boss', 'PUT', { items });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.customized).toBe(true);

    const ann = await menu('ann');
    expect(ids(ann).slice(0, 3)).toEqual(['DASHBOARD', 'custom-wiki', 'APPS']);
    expect(ann.find((i) => i.id === 'APPS')).toMatchObject({ label: 'Our apps', icon_class: 'grid-view' });
    expect(ann.find((i) => i.id === 'custom-wiki')).toMatchObject({
      label: 'Company wiki',
      action_url: 'https://wiki.example.com/start',
      new_tab: true,
    });
    // Hidden for full users: gone for ann and fred, still there for a consultant.
    expect(ids(ann)).not.toContain('QUICK_REPORT');
    expect(ids(await menu('fred'))).not.toContain('QUICK_REPORT');
    expect(ids(await menu('cora'))).toContain('QUICK_REPORT');
    // Regular users: the link hidden for them is gone, role filtering still applies (no dashboards, no settings).
    const rita = await menu('rita');
    expect(ids(rita)).toEqual(['custom-wiki', 'APPS']);
    // Untouched entries keep their default place: SETTINGS holds the two named first, then the rest.
    const settings = (await menu('boss')).find((i) => i.id === 'SETTINGS')!;
    expect(ids(settings.children!).slice(0, 3)).toEqual(['ORGANIZATION', 'MENU_SETTINGS', 'ROLES_PERMISSIONS']);
    expect(settings.children![1]!.label).toBe('Menu');
    // Entries not named in the configuration still show (in their default place).
    expect(ids(await menu('boss'))).toContain('AUTOMATION');

    const read = await o.get('admin', S);
    const view = read.json().data.items as { id: string; label: string | null; hidden_for: string[] }[];
    expect(view.find((i) => i.id === 'QUICK_REPORT')?.hidden_for).toEqual(['fullUser']);
    expect(view.find((i) => i.id === 'APPS')?.label).toBe('Our apps');
  });

  it('never grants: a menu entry moved or unhidden for a role stays refused by the route guard', async () => {
    const items: Setting[] = [
      { id: 'AUDIT_TRAIL' },
      { id: 'SETTINGS', children: [{ id: 'WEBHOOKS' }, { id: 'USER_MANAGEMENT' }] },
    ];
    expect((await send('boss', 'PUT', { items })).statusCode).toBe(200);
    // Webhooks moved into Settings (which consultants see) stays an administrators' entry.
    const cora = await menu('cora');
    expect(ids(cora.find((i) => i.id === 'SETTINGS')!.children!)).not.toContain('WEBHOOKS');
    expect(ids(cora)).not.toContain('AUDIT_TRAIL');
    expect(ids(await menu('rita'))).not.toContain('SETTINGS');
    // The guard is unchanged: a regular user is refused the settings API behind the entry.
    expect((await o.get('rita', S)).statusCode).toBe(403);
    // Hidden for administrators: the entry goes, the route still answers them.
    expect((await send('boss', 'PUT', { items: [{ id: 'SETTINGS', hidden_for: ['administrator'] }] })).statusCode).toBe(
      200,
    );
    expect(ids(await menu('boss'))).not.toContain('SETTINGS');
    expect(ids(await menu('admin'))).toContain('SETTINGS'); // the system administrator counts as such
    expect((await o.get('boss', S)).statusCode).toBe(200);
  });

  it('refuses unknown icons, bad URLs, unknown entries and groups in groups with 400', async () => {
    const bad: [Setting[], string][] = [
      [[{ id: 'APPS', icon: 'no-such-icon' }], "'no-such-icon' is not a known icon."],
      [
        [{ id: 'custom-x', label: 'X', url: 'javascript:alert(1)' }],
        'Only https addresses or paths of this site may be linked.',
      ],
      [
        [{ id: 'custom-x', label: 'X', url: 'http://example.com' }],
        'Only https addresses or paths of this site may be linked.',
      ],
      [
        [{ id: 'custom-x', label: 'X', url: '//evil.example' }],
        'The URL must be a path of this site or an https address.',
      ],
      [[{ id: 'custom-x', url: '/tasks' }], 'A custom link needs a title.'],
      [[{ id: 'NOPE' }], "'NOPE' is not a menu entry."],
      [[{ id: 'SETTINGS', children: [{ id: 'AUTOMATION' }] }], 'A group cannot be placed inside another group.'],
      [[{ id: 'APPS' }, { id: 'APPS' }], "The menu entry 'APPS' appears twice."],
      [[{ id: 'APPS', url: '/x' }], 'Only custom links have a URL of their own.'],
    ];
    for (const [items, message] of bad) {
      const r = await send('boss', 'PUT', { items });
      expect(r.statusCode, JSON.stringify(items)).toBe(400);
      expect(r.json()).toEqual({ success: false, message });
    }
    const hidden = await send('boss', 'PUT', { items: [{ id: 'APPS', hidden_for: ['nobody'] }] });
    expect(hidden.statusCode).toBe(400);
  });

  it('resets to the default menu, audited', async () => {
    const r = await send('boss', 'DELETE');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.customized).toBe(false);
    expect(ids(await menu('ann')).slice(0, 2)).toEqual(['APPS', 'DASHBOARD']);
    await settleInbox(o.tdb);
    const actions = await o.tdb.selectFrom('audit_events').select('action').where('target_type', '=', 'menu').execute();
    expect(actions.map((a) => a.action)).toContain('menu.reset');
    expect(actions.map((a) => a.action)).toContain('menu.update');
  });
});
