import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { leaveRequest } from '../fixtures/definitions.js';
import { ROLE_FLAGS, ROLE_MENUS, type RoleKind } from '../fixtures/role-menus.js';
import { claimWorkflow, expenseClaim } from '../api/engine-fixture.js';
import { pageApi, signInPage, useWeb } from '../support/web.js';

const PW = 'Shell-Pass-123';

/** The role matrix (tests/fixtures/role-menus.ts) and which kinds may create apps. */
const CREATE_APP: Record<RoleKind, boolean> = {
  regular: false,
  full: true,
  consultant: true,
  administrator: false,
  sysadmin: false,
};
interface KindCase {
  flags: Record<string, boolean>;
  menu: readonly string[];
  createApp: boolean;
}
const KINDS = {} as Record<RoleKind, KindCase>;
for (const k of Object.keys(ROLE_MENUS) as RoleKind[])
  KINDS[k] = { flags: ROLE_FLAGS[k], menu: ROLE_MENUS[k], createApp: CREATE_APP[k] };
type Kind = keyof typeof KINDS;

/** A few routes opened by a full page load, and who may open them. */
const ROUTES: [string, Kind[]][] = [
  ['/app/user/profile', ['regular', 'full', 'consultant', 'administrator', 'sysadmin']],
  ['/dashboard', ['full', 'consultant', 'administrator', 'sysadmin']],
  ['/settings/user-management/FULL_USER', ['consultant', 'administrator', 'sysadmin']],
  ['/process-engine', ['sysadmin']],
];

/** Every signed-in route of spec section 2 by its role rule (sections 2 and 6), opened by in-app navigation. */
const EVERYONE: Kind[] = ['regular', 'full', 'consultant', 'administrator', 'sysadmin'];
const DESIGNERS: Kind[] = ['full', 'consultant', 'administrator', 'sysadmin'];
const MANAGERS: Kind[] = ['consultant', 'administrator', 'sysadmin'];
const SPEC_ROUTES: [string[], Kind[]][] = [
  [
    [
      '/tasks',
      '/app/user/profile',
      '/app/user/profile/security-question',
      '/applications',
      '/module/m1',
      '/item-editor/m1',
      '/item-editor/m1/r1',
      '/item-editor/m1/r1/t1',
      '/task-editor/m1',
      '/task-editor/m1/r1',
      '/task-editor/m1/r1/t1',
      '/schedule-editor/m1',
      '/schedule-editor/m1/r1',
      '/notifications',
      '/notifications/n1',
      '/mtd-corporation-tax',
    ],
    EVERYONE,
  ],
  [
    [
      '/business-intelligence',
      '/business-intelligence-landing',
      '/list-dashboard',
      '/report-designer',
      '/report-viewer',
      '/reports',
      '/inquiry',
      '/dashboard',
      '/dashboard-landing',
      '/bi-reports',
      '/permalink/file',
      '/form-editor',
      '/form-editor/show',
      '/referencedata',
      '/referencedata/d1',
      '/data-connector',
      '/data-connector/rest',
      '/data-connector/rest/r1',
    ],
    DESIGNERS,
  ],
  [
    [
      '/settings/menu',
      '/app/organization',
      '/settings/roles-permissions',
      '/settings/user-management',
      '/settings/user-management/REGULAR_USER',
      '/settings/user-detail',
      '/settings/organization',
      '/settings/team-management',
      '/settings/team-management/detail',
      '/organization',
      '/module-categories',
      '/webhooks',
      '/webhooks/add',
      '/webhooks/w1',
      '/robotic-automation',
      '/robotic-automation/add',
      '/robotic-automation/b1',
      '/connect-hub/companies-house',
      '/connect-hub/ecommerce',
      '/connect-hub/store-key/add',
      '/connect-hub/store-key/k1',
      '/connect-hub/travel-management',
    ],
    MANAGERS,
  ],
  [['/process-engine', '/app/audit', '/process/dashboard'], ['sysadmin']],
];

describe('the signed-in shell in Chromium', () => {
  const web = useWeb();
  let admin: Page;

  async function menuIds(page: Page): Promise<string[]> {
    await page.locator('.header-menu [data-menu-id="APPS"]').waitFor();
    const ids: string[] = [];
    const top = page.locator('.header-menu [data-menu-id]');
    for (let i = 0; i < (await top.count()); i++) {
      const el = top.nth(i);
      const id = (await el.getAttribute('data-menu-id'))!;
      ids.push(id);
      if ((await el.evaluate((n) => n.tagName)) === 'BUTTON') {
        await el.click();
        const items = page.locator('.bp6-popover [data-menu-id]');
        await items.first().waitFor();
        for (const c of await items.all()) ids.push((await c.getAttribute('data-menu-id'))!);
        await page.keyboard.press('Escape');
        await items.first().waitFor({ state: 'detached' });
      }
    }
    const more = page.getByTestId('header-more');
    if (await more.count()) {
      await more.click();
      const items = page.locator('.header-more-menu [data-menu-id]');
      await items.first().waitFor();
      for (const c of await items.all()) ids.push((await c.getAttribute('data-menu-id'))!);
      await page.keyboard.press('Escape');
      await items.first().waitFor({ state: 'detached' });
    }
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'My Profile' }).waitFor();
    for (const c of await page.locator('.bp6-popover [data-menu-id]').all())
      ids.push((await c.getAttribute('data-menu-id'))!);
    await page.keyboard.press('Escape');
    return ids;
  }

  beforeAll(async () => {
    admin = await web.browser.newPage();
    await signInPage(admin, web.origin, 'admin', 'Admin-Pass-123');
    for (const [kind, k] of Object.entries(KINDS)) {
      const r = await pageApi(admin, 'POST', '/api/people/users', {
        username: `${kind}.user`,
        email: `${kind}@demo.test`,
        fullname: `The ${kind}`,
        password: PW,
        ...k.flags,
      });
      expect(r.success, JSON.stringify(r)).toBe(true);
    }
  });

  it.each(Object.keys(KINDS) as Kind[])('shows a %s exactly its menu, and opens only its routes', async (kind) => {
    const context = await web.browser.newContext();
    const page = await context.newPage();
    const hubErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && /connection/i.test(m.text()) && hubErrors.push(m.text()));
    await signInPage(page, web.origin, `${kind}.user`, PW);
    expect(await menuIds(page)).toEqual(KINDS[kind].menu);
    expect(await page.getByRole('button', { name: 'Create App' }).count()).toBe(KINDS[kind].createApp ? 1 : 0);
    for (const [route, who] of ROUTES) {
      await page.goto(`${web.origin}${route}`);
      await page.locator('.shell-content').or(page.getByText('Page Not Found')).first().waitFor();
      if (who.includes(kind)) {
        // A refused route redirects in the same render that first shows the shell.
        await page.waitForTimeout(300);
        expect(new URL(page.url()).pathname, `${kind} ${route}`).toBe(route);
      } else {
        await page.waitForURL(/\/404$/);
        await page.getByText('Page Not Found').waitFor();
      }
    }
    // The whole route table, through the app's own navigation (no reload per route).
    for (const [paths, who] of SPEC_ROUTES)
      for (const route of paths) {
        await page.evaluate((r) => {
          window.history.pushState({}, '', r);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, route);
        // A refused route redirects in an effect after the shell renders, which takes longer on a busy machine.
        if (!who.includes(kind)) {
          await page
            .waitForFunction(() => window.location.pathname === '/404', null, { timeout: 10_000 })
            .catch(() => {});
          expect(await page.evaluate(() => window.location.pathname), `${kind} may not open ${route}`).toBe('/404');
          continue;
        }
        await page.waitForTimeout(120);
        expect(await page.evaluate(() => window.location.pathname), `${kind} may open ${route}`).not.toBe('/404');
      }
    // A refused route leaves the shell while the hub may be connecting: that is no error.
    expect(hubErrors).toEqual([]);
    await context.close();
  });

  it('creates a user and a team through the UI, then signs in as the new user', async () => {
    await admin.goto(`${web.origin}/settings/user-management/FULL_USER`);
    await admin.getByRole('button', { name: 'Add user' }).click();
    await admin.fill('#user-username', 'bad name');
    await admin.getByRole('button', { name: 'Create user' }).click();
    await admin.getByText('Cannot contain special characters').waitFor();
    await admin.fill('#user-username', 'nina');
    await admin.fill('#user-fullname', 'Nina New');
    await admin.fill('#user-email', 'nina@demo.test');
    await admin.getByLabel('Full user', { exact: true }).check({ force: true });
    await admin.getByLabel('Set a password now').check({ force: true });
    await admin.fill('#user-password', 'Nina-Pass-1234');
    await admin.getByRole('button', { name: 'Create user' }).click();
    await admin.waitForURL(/\/settings\/user-management\/FULL_USER$/);
    await admin.getByTestId('user-row-nina').waitFor();

    await admin.goto(`${web.origin}/settings/team-management`);
    await admin.fill('#team-name', 'Approvers');
    await admin.getByRole('button', { name: 'Create team' }).click();
    await admin.waitForURL(/\/settings\/team-management\/detail\?id=/);
    await admin.getByPlaceholder('Search users').fill('nina');
    await admin.getByRole('combobox', { name: 'Choose a user…' }).selectOption({ label: 'Nina New (nina)' });
    await admin.getByRole('button', { name: 'Add member' }).click();
    await admin.getByTestId('member-nina').waitFor();
    await admin.goto(`${web.origin}/settings/team-management`);
    await admin.getByRole('row', { name: /Approvers\s+1/ }).waitFor();

    const context = await web.browser.newContext();
    const page = await context.newPage();
    await signInPage(page, web.origin, 'nina', 'Nina-Pass-1234');
    await expect(page.getByTestId('user-menu').textContent()).resolves.toContain('Nina New');
    await context.close();
  });

  it('toggles favourites and filters the module tree, refusing special characters', async () => {
    const created = await pageApi(admin, 'POST', '/api/form/Editor/CreateProcessFromScratch', {
      name: 'Leave requests',
    });
    const id = created.data.id as string;
    await pageApi(admin, 'POST', `/api/form/Editor/SaveForm?id=${id}`, { module: leaveRequest });
    expect((await pageApi(admin, 'POST', `/api/form/Editor/publish?id=${id}`, {})).success).toBe(true);
    await admin.goto(`${web.origin}/tasks`);
    const tree = admin.getByTestId('module-tree');
    const favourites = admin.getByTestId('favourites');
    await tree.getByRole('link', { name: 'Leave requests' }).waitFor();
    await admin.getByRole('button', { name: 'Add Leave requests to favourites' }).click();
    await favourites.getByRole('link', { name: 'Leave requests' }).waitFor();
    await admin.getByRole('button', { name: 'Remove Leave requests from favourites' }).click();
    await favourites.getByText('No favourites yet').waitFor();

    const search = admin.getByPlaceholder('Type here to Search');
    await search.fill('Leave%');
    await admin.getByText('Search value cannot contain special characters').waitFor();
    await search.fill('zzz');
    await tree.getByText('Nothing matches').waitFor();
    expect(await tree.getByRole('link', { name: 'Leave requests' }).count()).toBe(0);
    await search.fill('leave');
    await tree.getByRole('link', { name: 'Leave requests' }).waitFor();
    expect(await admin.getByText('Search value cannot contain special characters').count()).toBe(0);
  });

  it('keeps the header on one row at 1366 px, burgers below lg, and names the app in the trail', async () => {
    const context = await web.browser.newContext({ viewport: { width: 1366, height: 850 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await signInPage(page, web.origin, 'administrator.user', PW);
    const header = page.locator('.shell-header');
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(60);
    await page.getByTestId('header-more').click();
    await page.locator('.header-more-menu [data-menu-id="CONNECT_HUB"]').waitFor();
    await page.keyboard.press('Escape');
    const sub = page.getByTestId('subheader');
    // Home is its own page: a title, no "Home › Home" trail.
    expect(await sub.locator('li').count()).toBe(0);

    const id = (await pageApi(page, 'POST', '/api/form/Editor/CreateProcessFromScratch', { name: 'Travel' })).data
      .id as string;
    await pageApi(page, 'POST', `/api/form/Editor/SaveForm?id=${id}`, {
      module: { ...leaveRequest, display_name: 'Travel' },
    });
    await page.goto(`${web.origin}/form-editor/show/${id}`);
    // The app's name joins the trail once the designer has read the app (slow on a busy machine).
    await expect
      .poll(() => sub.locator('li').allTextContents(), { timeout: 15_000 })
      .toEqual(['Home', 'Apps', 'Travel', 'Form designer']);
    expect((await pageApi(page, 'POST', `/api/form/Editor/publish?id=${id}`, {})).success).toBe(true);
    await page.goto(`${web.origin}/item-editor/${id}`);
    await expect
      .poll(() => sub.locator('li').allTextContents(), { timeout: 15_000 })
      .toEqual(['Home', 'Travel', 'New record']);
    // A page reached from a menu page sits under that menu entry.
    await page.goto(`${web.origin}/report-designer`);
    await expect
      .poll(() => sub.locator('li').allTextContents())
      .toEqual(['Home', 'Dashboards & Reports', 'Reports', 'Report designer']);
    expect(await sub.getByRole('heading').textContent()).toBe('Report designer');

    const icon = await page.evaluate(async () => {
      const res = await fetch(document.querySelector<HTMLLinkElement>('link[rel="icon"]')!.href);
      return res.headers.get('content-type');
    });
    expect(icon).toContain('image/svg+xml');
    await page.setViewportSize({ width: 700, height: 850 });
    await page.getByRole('button', { name: 'Open the sidebar' }).waitFor();
    expect(await header.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open the header menu' }).click();
    await header.waitFor();
    // Below sm the sub-header keeps its title and drops the trail.
    expect(await sub.locator('nav').isVisible()).toBe(true);
    await page.setViewportSize({ width: 400, height: 800 });
    await expect.poll(() => sub.locator('nav').isVisible()).toBe(false);
    await sub.getByRole('heading').waitFor();
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);

    // The layout config lives in local storage; a part switched off there is not shown.
    await page.setViewportSize({ width: 1366, height: 850 });
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('layout.config') ?? 'null'));
    expect(stored).toMatchObject({ primaryColor: '#6993FF', parts: { cart: false, languages: true } });
    await page.evaluate((c) => localStorage.setItem('layout.config', JSON.stringify(c)), {
      ...stored,
      parts: { ...stored.parts, languages: false },
    });
    await page.reload();
    await page.getByTestId('user-menu').waitFor();
    expect(await page.getByRole('combobox', { name: 'Language' }).count()).toBe(0);
    await page.evaluate(() => localStorage.removeItem('layout.config'));
    await context.close();
  });

  it('shows the open-task count on Home', async () => {
    const me = (await pageApi(admin, 'GET', '/api/identity/manageauthenticator/userinfo')).data.uid as string;
    const id = (await pageApi(admin, 'POST', '/api/form/Editor/CreateProcessFromScratch', { name: 'Expense claim' }))
      .data.id as string;
    const saved = await pageApi(admin, 'POST', `/api/form/Editor/SaveForm?id=${id}`, {
      module: expenseClaim,
      workflow: claimWorkflow({ finance: [me] }),
    });
    expect(saved.success, JSON.stringify(saved)).toBe(true);
    expect((await pageApi(admin, 'POST', `/api/form/Editor/publish?id=${id}`, {})).success).toBe(true);
    await admin.goto(`${web.origin}/tasks`);
    await admin.getByTestId('sidebar-home').waitFor();
    expect(await admin.getByTestId('task-badge').count()).toBe(0);
    const submitted = await pageApi(admin, 'POST', '/api/EntryModule/submit', {
      moduleId: id,
      data: { title: 'Trip', amount: 10, manager: me },
    });
    expect(submitted.success, JSON.stringify(submitted)).toBe(true);
    await admin.reload();
    await expect(admin.getByTestId('task-badge').textContent()).resolves.toBe('1');
  });

  it('redirects the root by launch page, and renders ?layout=full without the shell', async () => {
    const setLaunch = async (label: string) => {
      await admin.goto(`${web.origin}/app/user/profile`);
      await admin.getByLabel('Start page').selectOption({ label });
      await admin.getByRole('button', { name: 'Save', exact: true }).click();
      await admin.getByText('Your profile has been saved.').waitFor();
    };
    await setLaunch('Apps');
    await admin.goto(`${web.origin}/`);
    await admin.waitForURL(/\/applications$/);
    await setLaunch('Quick Report');
    await admin.goto(`${web.origin}/`);
    await admin.waitForURL(/\/inquiry$/);
    await setLaunch('Home');
    await admin.goto(`${web.origin}/`);
    await admin.waitForURL(/\/tasks$/);
    await admin.locator('.shell-sidebar').waitFor();

    await admin.goto(`${web.origin}/app/user/profile?layout=full`);
    await admin.locator('#profile-fullname').waitFor();
    expect(await admin.locator('.shell-sidebar').count()).toBe(0);
  });

  it('shows the progress bar on a route change and the sticky sub-header trail', async () => {
    await admin.goto(`${web.origin}/settings/team-management`);
    const sub = admin.getByTestId('subheader');
    await sub.getByRole('heading', { name: 'Team Management' }).waitFor();
    expect(await sub.locator('li').allTextContents()).toEqual(['Home', 'Settings', 'Team Management']);
    expect(await sub.locator('[aria-current="page"]').textContent()).toBe('Team Management');
    await admin.getByTestId('sidebar-home').click();
    await admin.getByTestId('route-progress').waitFor();
    await admin.getByTestId('route-progress').waitFor({ state: 'detached' });
    await admin.waitForURL(/\/tasks$/);
  });

  it('switches the shell language', async () => {
    await admin.goto(`${web.origin}/tasks`);
    await admin.getByRole('combobox', { name: 'Language' }).first().selectOption('de');
    await admin.getByPlaceholder('Hier tippen zum Suchen').waitFor();
    await admin.getByRole('link', { name: 'Startseite' }).first().waitFor();
    await admin.getByRole('combobox', { name: 'Sprache' }).first().selectOption('en');
    await admin.getByPlaceholder('Type here to Search').waitFor();
  });

  it('minimises the sidebar and keeps it minimised in a cookie', async () => {
    await admin.goto(`${web.origin}/tasks`);
    await admin.getByRole('button', { name: 'Minimise sidebar' }).click();
    await admin.locator('.shell-sidebar.minimised').waitFor();
    await admin.mouse.move(600, 400);
    await admin.reload();
    await admin.locator('.shell-sidebar.minimised').waitFor();
    // On a large screen a minimised sidebar expands while hovered.
    await admin.locator('.shell-sidebar').hover();
    await admin.locator('.shell-sidebar.hover-expanded').waitFor();
    await admin.mouse.move(900, 400);
    await admin.locator('.shell-sidebar.hover-expanded').waitFor({ state: 'detached' });
    await admin.getByRole('button', { name: 'Expand sidebar' }).click();
    await admin.locator('.shell-sidebar:not(.minimised)').waitFor();
  });
});
