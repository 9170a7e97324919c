import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';

const definition = {
  display_name: 'Expense claim',
  fieldGroups: [
    {
      id: 'claim',
      label: 'Claim',
      rows: [
        {
          fields: [
            { name: 'title', label: 'Title', fieldType: 'text', required: true },
            {
              name: 'amount',
              label: 'Amount',
              fieldType: 'number',
              config: { decimalPlaces: 2, format: 'plain', digitsOnly: false },
            },
            { name: 'secret', label: 'Secret', fieldType: 'text' },
          ],
        },
      ],
    },
  ],
};

const workflow = (approver: string) => ({
  activities: [
    { activityId: 'start', type: 'StartProcess', displayName: 'Start', position: { left: 0, top: 0 } },
    {
      activityId: 'manager',
      type: 'Assignment',
      displayName: 'Manager approval',
      position: { left: 200, top: 0 },
      properties: { approvers: [{ type: 'user', id: approver }], approvalMode: 'any', taskType: 'Approval' },
    },
    { activityId: 'done', type: 'CompletedProcess', displayName: 'Completed', position: { left: 400, top: 0 } },
  ],
  connections: [
    { sourceActivityId: 'start', targetActivityId: 'manager', outcome: 'Done' },
    { sourceActivityId: 'manager', targetActivityId: 'done', outcome: 'Approved' },
  ],
  permissions: {
    defaults: {},
    steps: { manager: { secret: { visibility: 'hidden' }, claim: { editability: 'readonly' } } },
  },
});

/** Calls the API from inside the signed-in page with its token. */
function api(
  page: Page,
  url: string,
  body?: unknown,
): Promise<{ success: boolean; message: string; data: Record<string, unknown> }> {
  return page.evaluate(
    async ([u, b]) => {
      const token = JSON.parse(localStorage.getItem('auth.token')!).token as string;
      const res = await fetch(u as string, {
        method: b === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return res.json();
    },
    [url, body] as const,
  );
}

describe('staff records and approvers tasks in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let origin = '';
  let moduleId = '';
  let admin: Page;
  let staff: Page;
  /** Script errors on either page: the approval loop must run without any. */
  const scriptErrors: string[] = [];

  async function signIn(username: string, password: string) {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${origin}/authentication/login`);
    await page.fill('#username', username);
    await page.fill('#password', password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('signed-in-name').first().waitFor();
    return page;
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    origin = `http://demo.localhost:${server.port}`;
    admin = await signIn('admin', 'Admin-Pass-123');
    staff = await signIn('user', 'User-Pass-123');
    for (const page of [admin, staff]) {
      page.on('pageerror', (e) => scriptErrors.push(e.message));
      page.on('console', (m) => m.type() === 'error' && /TypeError/.test(m.text()) && scriptErrors.push(m.text()));
    }
    const me = await api(admin, '/api/identity/Authentication/isAuthenticated');
    const created = await api(admin, '/api/form/Editor/CreateProcessFromScratch', { name: 'Expense claims' });
    moduleId = created.data.id as string;
    await api(admin, `/api/form/Editor/SaveForm?id=${moduleId}`, {
      module: definition,
      workflow: workflow(me.data.uid as string),
    });
    const pub = await api(admin, `/api/form/Editor/publish?id=${moduleId}`, {});
    expect(pub.success, pub.message).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('staff fills and submits; the approver finds the task, sees only allowed fields and approves; the list shows it', async () => {
    await staff.goto(`${origin}/task-editor/${moduleId}`);
    await staff.locator('#field-title').fill('Conference trip');
    await staff.locator('#field-amount').fill('420');
    await staff.locator('#field-secret').fill('for my eyes');
    // Submitted from the page it was created on, the button naming the step it goes to.
    await staff.getByRole('button', { name: 'Submit to Manager approval' }).click();
    await staff.getByText('The record has been submitted.').waitFor();
    await staff.waitForURL(new RegExp(`/task-editor/${moduleId}/[0-9a-f-]{36}$`));
    const recordId = staff.url().split('/').pop()!;

    await admin.goto(`${origin}/tasks`);
    const row = admin.locator('tr', { hasText: 'Expense claims' }).filter({ hasText: 'Manager approval' });
    await row.first().waitFor();
    await row.first().click();
    await admin.waitForURL(new RegExp(`/task-editor/${moduleId}/${recordId}/`));
    await expect.poll(() => admin.locator('#field-title').inputValue()).toBe('Conference trip');
    expect(await admin.locator('#field-secret').count()).toBe(0);
    expect(await admin.getByText('for my eyes').count()).toBe(0);
    // Approving asks for confirmation and takes a comment, which the history keeps.
    await admin.getByRole('button', { name: 'Approve' }).click();
    await admin.locator('#action-text').fill('Fine by me, within budget');
    await admin.getByRole('button', { name: 'Confirm' }).click();
    await admin.getByText('The task has been approved.').waitFor();
    await admin.waitForURL(/\/tasks$/);
    const history = await api(admin, `/api/EntryModule/${moduleId}/workflowhistory?recordId=${recordId}`);
    expect(JSON.stringify(history.data)).toContain('Fine by me, within budget');

    await admin.goto(`${origin}/module/${moduleId}`);
    await admin
      .getByTestId(`record-row-${recordId}`)
      .getByRole('cell', { name: 'Completed', exact: true })
      .first()
      .waitFor();
    expect(scriptErrors).toEqual([]);
  });

  it('a rejected record shows its reason in the history', async () => {
    const sub = await api(staff, '/api/EntryModule/submit', { moduleId, data: { title: 'Taxi', amount: 35 } });
    expect(sub.success, sub.message).toBe(true);
    const recordId = sub.data.recordId as string;
    await admin.goto(`${origin}/tasks`);
    await admin.locator('tr', { hasText: 'Expense claims' }).first().click();
    await admin.waitForURL(new RegExp(`/task-editor/${moduleId}/${recordId}/`));
    await admin.getByRole('button', { name: 'Reject' }).click();
    await admin.locator('#action-text').fill('Missing receipt');
    await admin.getByRole('button', { name: 'Confirm' }).click();
    await admin.getByText('The task has been rejected.').waitFor();
    await staff.goto(`${origin}/task-editor/${moduleId}/${recordId}`);
    await staff.getByRole('tab', { name: 'History' }).click();
    await staff.getByText('Missing receipt').waitFor();

    // The list says how each process ended: a counter per outcome, which filters the list to it.
    await admin.goto(`${origin}/module/${moduleId}`);
    await expect.poll(() => admin.getByTestId('counter-Rejected').textContent()).toBe('Rejected: 1');
    await expect.poll(() => admin.getByTestId('counter-Approved').textContent()).toBe('Approved: 1');
    await admin.getByTestId('counter-Rejected').click();
    const rows = admin.locator('tbody tr[data-testid^="record-row-"]');
    await expect.poll(() => rows.count()).toBe(1);
    await admin
      .getByTestId(`record-row-${recordId}`)
      .getByRole('cell', { name: 'Rejected', exact: true })
      .first()
      .waitFor();
    await admin.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rows.count()).toBe(2);
  });

  it('a bulk delete the server refuses rolls back with its message', async () => {
    await staff.goto(`${origin}/module/${moduleId}`);
    const rows = staff.locator('tbody tr[data-testid^="record-row-"]');
    await expect.poll(() => rows.count()).toBe(2);
    await staff.locator('thead label.bp6-checkbox').click();
    await expect.poll(() => staff.getByRole('checkbox', { name: 'Select all' }).isChecked()).toBe(true);
    await staff.getByRole('button', { name: 'Delete (2)' }).click();
    await staff
      .getByText('You can delete only your own drafts; 2 of the 2 records are not. Nothing was deleted.')
      .waitFor();
    await expect.poll(() => rows.count()).toBe(2);
  });
  it('the approver hands the task on to someone found by name; the record says whom it is shared with', async () => {
    const sub = await api(staff, '/api/EntryModule/submit', { moduleId, data: { title: 'Hotel', amount: 90 } });
    expect(sub.success, sub.message).toBe(true);
    const recordId = sub.data.recordId as string;
    await admin.goto(`${origin}/task-editor/${moduleId}/${recordId}`);
    await admin.getByRole('button', { name: 'Reassign' }).click();
    // The server searches every user as the name is typed; the one holding the task is never offered.
    const target = admin.locator('#action-target');
    await admin.getByLabel('Find a person').fill('adm');
    await expect.poll(() => target.locator('option').allTextContents()).toEqual(['Choose…']);
    await admin.getByLabel('Find a person').fill('demo');
    const demoUser = 'Demo User (user@demo.localhost)';
    await expect.poll(() => target.locator('option').allTextContents()).toEqual(['Choose…', demoUser]);
    await target.selectOption({ label: demoUser });
    await admin.locator('#action-text').fill('Yours to check');
    await admin.getByRole('button', { name: 'Confirm' }).click();
    await admin.getByText('The task has been reassigned.').waitFor();

    // The staff member, a regular user, now holds the task: they may hand it on too, and see who is involved.
    await staff.goto(`${origin}/task-editor/${moduleId}/${recordId}`);
    await staff.getByRole('tab', { name: 'People' }).click();
    const people = staff.getByRole('list', { name: 'People' });
    await people.locator('li', { hasText: 'Administrator' }).getByText('Reassigned').waitFor();
    await people
      .locator('li', { hasText: 'Demo User' })
      .getByText('Created it · Started its workflow · Has or had a task')
      .waitFor();
    await staff.getByText('Administrators, who see every record: 1').waitFor();
    await staff.getByRole('button', { name: 'Reassign' }).click();
    await expect
      .poll(() => staff.locator('#action-target option').allTextContents())
      .toEqual(['Choose…', 'Administrator (admin@demo.localhost)']);
    expect(scriptErrors).toEqual([]);
  });
});
