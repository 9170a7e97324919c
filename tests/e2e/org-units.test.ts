import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, DEMO_USER, pageData, signInPage, useWeb } from '../support/web.js';

/** Picks the first user the picker offers for the typed text. */
async function pickUser(page: Page, inputId: string, text: string) {
  await page.locator(`#${inputId}`).click();
  await page.locator(`#${inputId}`).fill(text);
  const option = page.getByTestId('lookup-options').getByRole('option').first();
  await option.waitFor();
  await option.click();
}

describe('organization units on /organization in Chromium', () => {
  const web = useWeb();

  it('builds a department with a sub-unit, head and member, and routes the member’s request to the head', async () => {
    const admin = await web.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInPage(admin, web.origin, ...DEMO_ADMIN);
    await admin.goto(`${web.origin}/organization`);
    await admin.getByRole('heading', { name: 'Organization' }).waitFor();

    await admin.getByLabel('New top-level unit').fill('Operations');
    await admin.getByRole('button', { name: 'Add', exact: true }).click();
    await admin.getByLabel('Name', { exact: true }).waitFor();
    await expect(admin.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe('Operations');
    await admin.getByLabel('New sub-unit').fill('Payables');
    await admin.getByRole('button', { name: 'Add sub-unit' }).click();
    await expect.poll(() => admin.getByLabel('Name', { exact: true }).inputValue()).toBe('Payables');
    await admin.getByTestId('unit-Payables').waitFor();

    await pickUser(admin, 'org-head', 'admin');
    await expect.poll(() => admin.locator('#org-head').inputValue()).not.toBe('');
    await pickUser(admin, 'org-new-member', 'user');
    await admin.getByLabel('Role in unit', { exact: true }).fill('Clerk');
    await admin.getByRole('button', { name: 'Add member' }).click();
    await admin.getByTestId('org-member-user').waitFor();

    // The member's manager is the unit's head, as the engine will find it.
    const units = await pageData<{ id: string; name: string; headId: string | null }[]>(admin, 'GET', '/api/org-units');
    const payables = units.find((u) => u.name === 'Payables')!;
    const member = await pageData<{ members: { userId: string }[] }>(admin, 'GET', `/api/org-units/${payables.id}`);
    const manager = await pageData<{ managerId: string }>(
      admin,
      'GET',
      `/api/org-units/managers/${member.members[0]!.userId}`,
    );
    expect(manager.managerId).toBe(payables.headId);
    await admin.waitForTimeout(300);
    await admin.screenshot({ path: '/tmp/shots-org/organization.png' });

    // An app whose one step goes to the initiator's manager.
    const app = await pageData<{ id: string }>(admin, 'POST', '/api/form/Editor/CreateProcessFromScratch', {
      name: 'Purchase request',
    });
    await pageData(admin, 'POST', `/api/form/Editor/SaveForm?id=${app.id}`, {
      module: {
        display_name: 'Purchase request',
        fieldGroups: [
          { id: 'g', label: 'Request', rows: [{ fields: [{ name: 'item', label: 'Item', fieldType: 'text' }] }] },
        ],
      },
      workflow: {
        activities: [
          { activityId: 'start', type: 'StartProcess', displayName: 'Start', position: { left: 0, top: 0 } },
          {
            activityId: 'mgr',
            type: 'Assignment',
            displayName: 'Manager approval',
            position: { left: 200, top: 0 },
            properties: { approvers: [{ type: 'manager' }], approvalMode: 'any', taskType: 'Approval' },
          },
          { activityId: 'done', type: 'CompletedProcess', displayName: 'Completed', position: { left: 400, top: 0 } },
        ],
        connections: [
          { sourceActivityId: 'start', targetActivityId: 'mgr', outcome: 'Done' },
          { sourceActivityId: 'mgr', targetActivityId: 'done', outcome: 'Approved' },
        ],
      },
    });
    await pageData(admin, 'POST', `/api/form/Editor/publish?id=${app.id}`, {});

    const staff = await (await web.browser.newContext()).newPage();
    await signInPage(staff, web.origin, ...DEMO_USER);
    await pageData(staff, 'POST', '/api/EntryModule/submit', { moduleId: app.id, data: { item: 'Stapler' } });

    const tasks = await pageData<{ data: { module_id: string; activity_title: string }[] }>(
      admin,
      'POST',
      '/api/Task/datatables',
      { page: 1, length: 10 },
    );
    expect(tasks.data.filter((t) => t.module_id === app.id)).toEqual([
      expect.objectContaining({ activity_title: 'Manager approval' }),
    ]);
    await staff.close();
    await admin.close();
  });
});
