import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageData, signInPage, useWeb } from '../support/web.js';

/** What `npm start` on an empty data folder shows a newcomer: the demo tenant with a working example. */
describe('the demo content of a first start in Chromium', () => {
  const web = useWeb({ SEED_DEMO_CONTENT: 'on' });

  it('shows the Expense Claim app with claims in every state to each demo user', async () => {
    const staff = await (await web.browser.newContext({ viewport: { width: 1366, height: 850 } })).newPage();
    await signInPage(staff, web.origin, 'user', 'User-Pass-123');
    await staff.getByTestId('module-tree').getByRole('link', { name: 'Expense Claim' }).click();
    const count = (id: string) => staff.getByTestId(`counter-${id}`).textContent();
    await expect.poll(() => count('Approved')).toBe('Approved: 3');
    expect(await count('Rejected')).toBe('Rejected: 2');
    // Two at the manager, two at finance, one sent back to its initiator.
    expect(await count('Running')).toBe('Running: 5');
    await staff.getByRole('tab', { name: 'My drafts' }).click();
    await expect.poll(() => staff.locator('tbody tr[data-testid^="record-row-"]').count()).toBe(2);
    // The sent-back claim waits for its initiator, with the reason.
    await staff.goto(`${web.origin}/tasks`);
    await staff.locator('tr', { hasText: 'Expense Claim' }).first().waitFor();
    const tasks = await pageData<{ recordsTotal: number }>(staff, 'POST', '/api/Task/datatables', {
      page: 1,
      length: 10,
    });
    expect(tasks.recordsTotal).toBe(1);
    const schedules = await pageData<{ data: { name: string }[] }>(staff, 'POST', '/api/TaskScheduler/datatables', {});
    expect(schedules.data.map((s) => s.name)).toEqual(['Monthly phone bill']);

    const approver = await (await web.browser.newContext()).newPage();
    await signInPage(approver, web.origin, 'approver', 'Approver-Pass-123');
    await expect.poll(() => approver.locator('tr', { hasText: 'Manager approval' }).count()).toBe(2);
    const admin = await (await web.browser.newContext()).newPage();
    await signInPage(admin, web.origin, 'admin', 'Admin-Pass-123');
    await expect.poll(() => admin.locator('tr', { hasText: 'Finance approval' }).count()).toBe(2);
    // Opening a claim at the finance step: the form renders its sections and the formula's total.
    await admin.locator('tr', { hasText: 'Finance approval' }).first().click();
    await admin.getByText('Claimant', { exact: true }).waitFor();
    await expect.poll(() => admin.locator('#field-total').inputValue()).not.toBe('');
    await staff.context().close();
    await approver.context().close();
    await admin.context().close();
  });

  it('seeds only once: a restart on the same data keeps one example app', async () => {
    const dataDir = web.server.dataDir;
    expect(web.server.output()).toContain('Demo content created');
    // Another start over the same data folder finds the tenant and adds nothing.
    const { startServer } = await import('../support/server.js');
    const port = web.server.port;
    web.server.proc.kill('SIGTERM');
    await new Promise((r) => web.server.proc.once('exit', r));
    const again = await startServer({ SEED_DEMO_CONTENT: 'on', DATA_DIR: dataDir, PORT: String(port) });
    // This start was given the folder, so it leaves it; the test removes it once the server stops.
    web.server = {
      ...again,
      stop: async (signal) => {
        await again.stop(signal);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
    expect(again.output()).not.toContain('Demo content created');
    const page = await (await web.browser.newContext()).newPage();
    await signInPage(page, web.origin, 'admin', 'Admin-Pass-123');
    const apps = await pageData<{ display_name: string }[]>(page, 'GET', '/api/form/Editor/ListApplications');
    expect(apps.map((a) => a.display_name)).toEqual(['Expense Claim']);
    await page.context().close();
  });
});
