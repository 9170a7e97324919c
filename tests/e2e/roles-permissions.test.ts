import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_USER, pageData, signInPage, useWeb } from '../support/web.js';
import { claimWorkflow, expenseClaim } from '../api/engine-fixture.js';

const SHOTS = '/tmp/shots-perm';

/** Serious and critical accessibility problems on the tab shown now (the page scan sees only the first tab). */
async function violations(page: Page) {
  const r = await new AxeBuilder({ page }).include('.rolesperm-page').analyze();
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

describe('roles and permissions on /settings/roles-permissions in Chromium', () => {
  const web = useWeb();

  it('explains why a user cannot see a record, previews a permission change and saves it', async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const ctx = await web.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await ctx.newPage();
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    // An app with a claim the demo user submitted (the administrator approves it) and the administrator's draft.
    const app = await pageData<{ id: string }>(page, 'POST', '/api/form/Editor/CreateProcessFromScratch', {
      name: 'Expense Claim',
    });
    const me = await pageData<{ uid: string }>(page, 'GET', '/api/identity/manageauthenticator/userinfo');
    await pageData(page, 'POST', `/api/form/Editor/SaveForm?id=${app.id}`, {
      module: expenseClaim,
      workflow: claimWorkflow({ finance: [me.uid] }),
    });
    await pageData(page, 'POST', `/api/form/Editor/publish?id=${app.id}`, {});
    await pageData(page, 'POST', '/api/EntryModule/save', { moduleId: app.id, data: { title: 'Admin draft' } });
    const staff = await web.browser.newPage();
    await signInPage(staff, web.origin, ...DEMO_USER);
    await pageData(staff, 'POST', '/api/EntryModule/submit', {
      moduleId: app.id,
      data: { title: 'Train fare', amount: 40, manager: me.uid },
    });
    await staff.close();

    await page.goto(`${web.origin}/settings/roles-permissions`);
    await page.getByRole('heading', { name: 'Roles and permissions' }).waitFor();
    const roles = page.getByRole('table', { name: 'Roles' });
    await roles.getByRole('rowheader', { name: 'Regular user' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/roles.png`, fullPage: true });

    // The demo user cannot open the administrator's draft: the explanation says why.
    await page.getByRole('tab', { name: 'Explain access' }).click();
    await page.getByLabel('User').selectOption({ label: 'Demo User (user)' });
    await page.getByLabel('App', { exact: true }).selectOption({ label: 'Expense Claim' });
    const record = page.getByLabel('Record');
    await expect.poll(() => record.locator('option').count()).toBeGreaterThan(1);
    const draft = await record.locator('option', { hasText: 'Draft' }).first().getAttribute('value');
    await record.selectOption(draft!);
    await page.getByRole('button', { name: 'Explain' }).click();
    await page.getByText("A draft is its creator's alone.").waitFor();
    await expect(
      page.locator('.rolesperm-verdicts .bp6-intent-danger', { hasText: 'Open this record' }).count(),
    ).resolves.toBe(1);
    await page.screenshot({ path: `${SHOTS}/explain.png`, fullPage: true });
    await expect(violations(page)).resolves.toEqual([]);

    // Closing the app's record lists to everyone but administrators: the preview counts who loses what.
    await page.getByRole('tab', { name: 'App permissions' }).click();
    const view = page.getByLabel('View records');
    await view.getByText('Only', { exact: true }).click();
    const whatIf = page.getByRole('table', { name: 'If you save this change' });
    const lost = whatIf.locator('tr[data-action="view"] td').nth(1);
    await expect.poll(() => lost.innerText(), { timeout: 10_000 }).toBe('1 user · 1 record');
    await page.screenshot({ path: `${SHOTS}/whatif.png`, fullPage: true });
    await expect(violations(page)).resolves.toEqual([]);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Permissions saved').waitFor();
    await expect(page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).resolves.toBe(true);
    await ctx.close();
  });

  it('grants a team the reports right on the page, and it is still there after a reload', async () => {
    const ctx = await web.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await ctx.newPage();
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    await pageData(page, 'POST', '/api/form/Editor/CreateProcessFromScratch', { name: 'Ledger' });
    await pageData(page, 'POST', '/api/people/teams', { name: 'Auditors' });
    const openLedger = async () => {
      await page.getByRole('tab', { name: 'App permissions' }).click();
      const app = page.getByLabel('App', { exact: true });
      const ledger = await app.locator('option', { hasText: 'Ledger' }).getAttribute('value');
      await app.selectOption(ledger!);
      return page.getByLabel('Report on the app');
    };
    await page.goto(`${web.origin}/settings/roles-permissions`);
    let reports = await openLedger();
    await reports.getByText('Only', { exact: true }).click();
    await reports.getByLabel('Add a team…').selectOption({ label: 'Auditors (0)' });
    await reports.locator('.bp6-tag', { hasText: 'Auditors' }).waitFor();
    const whatIf = page.getByRole('table', { name: 'If you save this change' });
    await whatIf.locator('tr[data-action="reports"]').waitFor();
    await page.screenshot({ path: `${SHOTS}/team-reports.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Permissions saved').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Roles and permissions' }).waitFor();
    reports = await openLedger();
    await reports.locator('.bp6-tag', { hasText: 'Auditors' }).waitFor();
    await expect(reports.getByLabel('Only', { exact: true }).isChecked()).resolves.toBe(true);
    await page.screenshot({ path: `${SHOTS}/team-reports-saved.png`, fullPage: true });
    await ctx.close();
  });
});
