import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_USER, pageApi, pageData, signInPage, useWeb } from '../support/web.js';
import { claimWorkflow, expenseClaim } from '../api/engine-fixture.js';

const SHOTS = '/tmp/shots-designer-perm';

describe("the form designer's permission settings in Chromium", () => {
  const web = useWeb();

  it('sets the delete right by person in the designer, and the API enforces it', async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const ctx = await web.browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await ctx.newPage();
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    const app = await pageData<{ id: string }>(page, 'POST', '/api/form/Editor/CreateProcessFromScratch', {
      name: 'Purchase orders',
    });
    const me = await pageData<{ uid: string }>(page, 'GET', '/api/identity/manageauthenticator/userinfo');
    await pageData(page, 'POST', `/api/form/Editor/SaveForm?id=${app.id}`, {
      module: expenseClaim,
      workflow: claimWorkflow({ finance: [me.uid] }),
    });
    await pageData(page, 'POST', `/api/form/Editor/publish?id=${app.id}`, {});
    // Another browser context: the demo user's own sign-in.
    const staff = await web.browser.newPage();
    await signInPage(staff, web.origin, ...DEMO_USER);
    const draft = async (title: string) =>
      (await pageData<{ id: string }>(staff, 'POST', '/api/EntryModule/save', { moduleId: app.id, data: { title } }))
        .id;
    const first = await draft('Paper');
    const second = await draft('Toner');

    // Delete: only the roles, people and teams chosen; none chosen yet, so only administrators.
    await page.goto(`${web.origin}/form-editor/show/${app.id}`);
    await page.getByRole('tab', { name: 'Settings' }).click();
    const settings = page.getByTestId('app-settings');
    const remove = settings.getByLabel('Delete records');
    await remove.getByText('Only', { exact: true }).click();
    await expect(settings.locator('[data-action]').count()).resolves.toBe(6);
    await settings.getByRole('button', { name: 'Save permissions' }).click();
    await page.locator('.bp6-toast', { hasText: 'Saved' }).first().waitFor();
    const refused = await pageApi(staff, 'POST', '/api/EntryModule/deletebyId', { id: first });
    expect(refused).toEqual({ success: false, message: 'You do not have permission to delete records of this app.' });

    // Granting the demo user by name lets them delete their draft again.
    await remove.getByLabel('Add a person…').selectOption({ label: 'Demo User (user)' });
    await remove.locator('.bp6-tag', { hasText: 'Demo User' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/settings.png`, fullPage: true });
    await settings.getByRole('button', { name: 'Save permissions' }).click();
    await expect
      .poll(async () => (await pageApi(staff, 'POST', '/api/EntryModule/deletebyId', { id: first })).success)
      .toBe(true);
    const stored = await pageData<{ permission: { rules: Record<string, unknown> } }>(
      page,
      'GET',
      `/api/form/Editor/GetForm?id=${app.id}`,
    );
    expect(stored.permission.rules.delete).toEqual({ roles: [], users: [expect.any(String)] });
    expect((await pageApi(staff, 'POST', '/api/EntryModule/deletebyId', { id: second })).success).toBe(true);
    await staff.close();
    await ctx.close();
  });
});
