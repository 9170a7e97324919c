import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_ADMIN, DEMO_USER, pageApi, pageData, signInPage, useWeb } from '../support/web.js';

/** Picks the first user the picker offers whose label holds the typed text. */
async function pickUser(page: Page, inputId: string, text: string) {
  await page.locator(`#${inputId}`).click();
  await page.locator(`#${inputId}`).fill(text);
  const option = page
    .getByTestId('lookup-options')
    .getByRole('option')
    .filter({ hasText: new RegExp(text, 'i') })
    .first();
  await option.waitFor();
  await option.click();
}

/** Presses on a source and moves the mouse to a target in steps, the way dnd-kit's pointer sensor expects. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  const b = (await to.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.move(b.x + b.width / 2 + 1, b.y + b.height / 2 + 1, { steps: 2 });
  await page.mouse.up();
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

  it('moves units by dragging in the tree, refuses a cycle, and sets a member’s own manager from a picker', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    const mk = (name: string, parentId: string | null = null) =>
      pageData<{ id: string }>(page, 'POST', '/api/org-units', { name, parentId });
    const sales = await mk('Sales');
    const north = await mk('North', sales.id);
    const field = await mk('Field team');
    const parentOf = async (id: string) =>
      (await pageData<{ id: string; parentId: string | null }[]>(page, 'GET', '/api/org-units')).find(
        (u) => u.id === id,
      )!.parentId;
    await page.goto(`${web.origin}/organization`);
    await page.getByTestId('unit-Field team').waitFor();

    // Field team under North's parent Sales, by dragging its label onto Sales.
    await drag(page, page.getByTestId('unit-Field team'), page.getByTestId('unit-Sales'));
    await expect.poll(() => parentOf(field.id)).toBe(sales.id);
    // Sales onto its own sub-unit North: refused, nothing moves.
    await page.getByTestId('unit-North').waitFor();
    await drag(page, page.getByTestId('unit-Sales'), page.getByTestId('unit-North'));
    await page.getByText('A unit cannot sit under itself or one of its own sub-units.').waitFor();
    expect(await parentOf(sales.id)).toBeNull();
    // The server refuses the cycle too, whatever the page does.
    const cycle = await pageApi(page, 'POST', `/api/org-units/${sales.id}/move`, { parentId: north.id });
    expect(cycle.success).toBe(false);
    // North back to the top through the drop zone.
    await drag(page, page.getByTestId('unit-North'), page.getByTestId('org-top-drop'));
    await expect.poll(() => parentOf(north.id)).toBeNull();

    // A member's own manager, picked explicitly, is the one the engine finds.
    await page.getByTestId('unit-Field team').click();
    await pickUser(page, 'org-head', 'admin');
    await pickUser(page, 'org-new-member', 'user');
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByTestId('org-member-user').waitFor();
    await pickUser(page, 'org-manager-user', 'admin');
    const detail = await pageData<{ members: { userId: string; managerId: string | null }[] }>(
      page,
      'GET',
      `/api/org-units/${field.id}`,
    );
    await expect
      .poll(async () => {
        const d = await pageData<{ members: { managerId: string | null }[] }>(
          page,
          'GET',
          `/api/org-units/${field.id}`,
        );
        return d.members[0]?.managerId ?? null;
      })
      .not.toBeNull();
    const me = await pageData<{ uid: string }>(page, 'GET', '/api/identity/manageauthenticator/userinfo');
    const manager = await pageData<{ managerId: string }>(
      page,
      'GET',
      `/api/org-units/managers/${detail.members[0]!.userId}`,
    );
    expect(manager.managerId).toBe(me.uid);
    await page.waitForTimeout(300);
    await page.screenshot({ path: '/tmp/shots-org/organization-dnd.png' });
    await page.close();
  });
});
