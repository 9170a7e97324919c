import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { leaveRequest } from '../fixtures/definitions.js';
import { pageApi, signInPage, useWeb } from '../support/web.js';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Quick launch, app group order, the public MTD page, dates by the user's settings and the offline route error. */
describe('shell extras in Chromium', () => {
  const web = useWeb();
  let context: BrowserContext;
  let admin: Page;
  const apps: Record<string, string> = {};

  async function publishApp(name: string, categoryId?: string) {
    const created = await pageApi(admin, 'POST', '/api/form/Editor/CreateProcessFromScratch', { name, categoryId });
    expect(created.success, JSON.stringify(created)).toBe(true);
    const id = created.data.id as string;
    await pageApi(admin, 'POST', `/api/form/Editor/SaveForm?id=${id}`, { module: leaveRequest });
    expect((await pageApi(admin, 'POST', `/api/form/Editor/publish?id=${id}`, {})).success).toBe(true);
    apps[name] = id;
    return id;
  }
  /** Serious or critical axe-core violations on the page as it stands. */
  async function axeViolations(page: Page) {
    await page.addScriptTag({ path: AXE });
    const found = await page.evaluate(async () => {
      type Result = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
      const axe = (window as unknown as { axe: { run(ctx: Document): Promise<Result> } }).axe;
      const r = await axe.run(document);
      return r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
    });
    return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  }
  /** In-app navigation (no reload), as a sidebar link would do. */
  const goInApp = (page: Page, path: string) =>
    page.evaluate((r) => {
      window.history.pushState({}, '', r);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);

  beforeAll(async () => {
    context = await web.browser.newContext();
    admin = await context.newPage();
    await signInPage(admin, web.origin, 'admin', 'Admin-Pass-123');
    for (let i = 1; i <= 11; i++) await publishApp(`QL App ${String(i).padStart(2, '0')}`);
  });

  it('chooses quick launch apps across pages, reorders them and opens one from its tile', async () => {
    await admin.goto(`${web.origin}/tasks`);
    const openPanel = async () => {
      await admin.getByRole('button', { name: 'Quick launch', exact: true }).click();
      return admin.getByTestId('quick-launch-panel');
    };
    let panel = await openPanel();
    await panel.getByText('No quick launch apps yet').waitFor();
    await panel.getByRole('button', { name: 'Choose quick launch apps' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Choose quick launch apps' });
    const available = dialog.getByTestId('quick-launch-available');
    await available.getByText('QL App 01').waitFor();
    expect(await available.locator('li').count()).toBe(10);
    await dialog.getByText('Page 1 of 2').waitFor();
    await available.getByText('QL App 01').click();
    await available.getByText('QL App 02').click();
    await dialog.getByRole('button', { name: 'Next page' }).click();
    await available.getByText('QL App 11').click();
    const chosen = dialog.getByTestId('quick-launch-chosen');
    expect(await chosen.locator('li').allTextContents()).toEqual(['QL App 01', 'QL App 02', 'QL App 11']);
    expect(await axeViolations(admin)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Quick launch saved').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect((await pageApi(admin, 'GET', '/api/sys/userpreference/quicklaunch')).data.apps).toEqual([
      apps['QL App 01'],
      apps['QL App 02'],
      apps['QL App 11'],
    ]);

    // Same apps in a new order: saved through sortupdate.
    panel = await openPanel();
    await panel.getByRole('link', { name: 'QL App 11' }).waitFor();
    await panel.getByRole('button', { name: 'Choose quick launch apps' }).click();
    await dialog.getByRole('button', { name: 'Move QL App 11 up' }).click();
    await dialog.getByRole('button', { name: 'Move QL App 01 down' }).click();
    expect(await chosen.locator('li').allTextContents()).toEqual(['QL App 11', 'QL App 01', 'QL App 02']);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await pageApi(admin, 'GET', '/api/sys/userpreference/quicklaunch')).data.apps).toEqual([
      apps['QL App 11'],
      apps['QL App 01'],
      apps['QL App 02'],
    ]);

    panel = await openPanel();
    await panel.getByRole('link', { name: 'QL App 11' }).waitFor();
    expect(await panel.getByRole('link').allTextContents()).toEqual(['QL App 11', 'QL App 01', 'QL App 02']);
    await panel.getByRole('link', { name: 'QL App 02' }).click();
    await admin.waitForURL(`${web.origin}/item-editor/${apps['QL App 02']}`);
  });

  it('lets managers order the app groups from the sidebar, with the spec messages', async () => {
    const group = async (name: string) =>
      (await pageApi(admin, 'POST', '/api/form/Editor/category/save', { category_name: name, icon: 'folder-close' }))
        .data.id as string;
    const alpha = await group('Alpha group');
    const beta = await group('Beta group');
    const gamma = await group('Gamma group');
    await publishApp('In alpha', alpha);
    await publishApp('In beta', beta);
    await admin.goto(`${web.origin}/tasks`);
    const titles = admin.getByTestId('module-tree').locator('.sidebar-group-title');
    await titles.first().waitFor();
    expect(await titles.allTextContents()).toEqual(['Alpha group', 'Beta group']);

    await admin.getByRole('button', { name: 'Order app groups' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Order app groups' });
    await dialog.getByText('Gamma group').waitFor();
    await dialog.getByRole('button', { name: 'Move Beta group up' }).click();
    expect(await axeViolations(admin)).toEqual([]);
    expect(await dialog.getByTestId('group-order').locator('li').allTextContents()).toEqual([
      'Beta group',
      'Alpha group',
      'Gamma group',
    ]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('App group order saved').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => titles.allTextContents()).toEqual(['Beta group', 'Alpha group']);

    // A group deleted meanwhile: the server refuses the order and the dialog says so.
    await admin.getByRole('button', { name: 'Order app groups' }).click();
    await dialog.getByText('Gamma group').waitFor();
    expect((await pageApi(admin, 'POST', `/api/form/Editor/category/${gamma}/delete`, {})).success).toBe(true);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Failed to order App Group').first().waitFor();
    await admin.keyboard.press('Escape');

    // Regular users get no such button.
    const r = await pageApi(admin, 'POST', '/api/people/users', {
      username: 'plain.user',
      email: 'plain@demo.test',
      fullname: 'Plain User',
      password: 'Plain-Pass-123',
    });
    expect(r.success, JSON.stringify(r)).toBe(true);
    const other = await web.browser.newContext();
    const page = await other.newPage();
    await signInPage(page, web.origin, 'plain.user', 'Plain-Pass-123');
    await page.getByTestId('module-tree').locator('.sidebar-group-title').first().waitFor();
    expect(await page.getByRole('button', { name: 'Order app groups' }).count()).toBe(0);
    await other.close();
  });

  it('opens the MTD page signed out (Back to home goes to /) and signed in (to /tasks)', async () => {
    const anon = await web.browser.newContext();
    const page = await anon.newPage();
    await page.goto(`${web.origin}/mtd-corporation-tax`);
    await page.getByText('MTD for Corporation Tax').waitFor();
    await page.getByText('The apps will be free to all users.').waitFor();
    expect(await page.locator('.shell-sidebar').count()).toBe(0);
    await page.getByRole('button', { name: 'Back to home' }).click();
    // `/` is signed-in only, so a signed-out visitor lands on the sign-in page (no ReturnUrl for home).
    await page.waitForURL(`${web.origin}/authentication/login`);
    await anon.close();

    await admin.goto(`${web.origin}/mtd-corporation-tax`);
    await admin.locator('.shell-sidebar').waitFor();
    await admin.getByText('There are no confirmed dates yet.').waitFor();
    await admin.getByRole('button', { name: 'Back to home' }).click();
    await admin.waitForURL(`${web.origin}/tasks`);
  });

  it("shows dates in the user's date format", async () => {
    const ymd = new Date().toISOString().slice(0, 10);
    const [y, m, d] = ymd.split('-');
    const saved = await pageApi(admin, 'PUT', '/api/sys/user/profile', { date_format: 'DD-MM-YYYY' });
    expect(saved.success, JSON.stringify(saved)).toBe(true);
    await admin.goto(`${web.origin}/applications`);
    const row = admin.getByTestId('app-row-QL App 01');
    await row.waitFor();
    await row.getByText(`${d}-${m}-${y}`, { exact: true }).waitFor();
    await pageApi(admin, 'PUT', '/api/sys/user/profile', { date_format: 'MM-DD-YYYY' });
    await admin.reload();
    await row.getByText(`${m}-${d}-${y}`, { exact: true }).waitFor();
    await pageApi(admin, 'PUT', '/api/sys/user/profile', { date_format: 'YYYY-MM-DD' });
  });

  it('says the connection is offline when a page cannot load while offline', async () => {
    const ctx = await web.browser.newContext();
    const page = await ctx.newPage();
    await signInPage(page, web.origin, 'admin', 'Admin-Pass-123');
    await ctx.setOffline(true);
    // The form designer is a lazy chunk this page has not loaded yet; offline, its import fails.
    await goInApp(page, `/form-editor/show/${apps['QL App 01']}`);
    await page.getByText('Your internet connection is offline.').waitFor();
    await page.getByRole('button', { name: 'Reload' }).waitFor();
    expect(await page.getByText('Something went wrong.').count()).toBe(0);
    // Back online, the failed page (kept failed until a reload) reads as a plain error; Reload recovers it.
    await ctx.setOffline(false);
    await goInApp(page, '/tasks');
    await page.getByText('Your internet connection is offline.').waitFor({ state: 'detached' });
    await goInApp(page, `/form-editor/show/${apps['QL App 01']}`);
    await page.getByText('Something went wrong.').waitFor();
    expect(await page.getByText('Your internet connection is offline.').count()).toBe(0);
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.waitForLoadState('load');
    await page.locator('.shell-content').waitFor();
    await page.waitForTimeout(1000);
    expect(await page.getByText('Something went wrong.').count()).toBe(0);
    await ctx.close();
  });
});
