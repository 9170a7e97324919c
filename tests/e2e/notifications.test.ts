import Database from 'better-sqlite3';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, WebSocket } from 'playwright-core';
import { pageData, signInPage, useWeb } from '../support/web.js';

interface Listed {
  notif: Array<{
    id: string;
    module_id: string;
    record_id: string;
    task_id: string | null;
    notification_content: string;
    read_on: string | null;
  }>;
  unread: number;
}

/** An app whose one approval step is assigned to the given user. */
async function publishApprovalApp(page: Page, approverId: string): Promise<string> {
  const { id } = await pageData<{ id: string }>(page, 'POST', '/api/form/Editor/CreateProcessFromScratch', {
    name: 'Travel requests',
  });
  const module = {
    display_name: 'Travel requests',
    fieldGroups: [
      {
        id: 'trip',
        label: 'Trip',
        rows: [{ fields: [{ name: 'title', label: 'Title', fieldType: 'text', required: true }] }],
      },
    ],
  };
  const workflow = {
    activities: [
      { activityId: 'start', type: 'StartProcess', displayName: 'Start', position: { left: 0, top: 0 } },
      {
        activityId: 'approve',
        type: 'Assignment',
        displayName: 'Approval',
        position: { left: 200, top: 0 },
        properties: {
          approvers: [{ type: 'user', id: approverId }],
          approvalMode: 'any',
          dueInDays: null,
          reminderEveryHours: null,
          taskType: 'Approval',
        },
      },
      { activityId: 'done', type: 'CompletedProcess', displayName: 'Completed', position: { left: 400, top: 0 } },
    ],
    connections: [
      { sourceActivityId: 'start', targetActivityId: 'approve', outcome: 'Done' },
      { sourceActivityId: 'approve', targetActivityId: 'done', outcome: 'Approved' },
    ],
  };
  await pageData(page, 'POST', `/api/form/Editor/SaveForm?id=${id}`, { module, workflow });
  await pageData(page, 'POST', `/api/form/Editor/publish?id=${id}`, {});
  return id;
}

describe('notifications and the realtime badge in Chromium', () => {
  const web = useWeb();
  // The steps below run in order and share one approver page, as one user's session would.
  let submitter: Page;
  let approver: Page;
  let moduleId = '';
  let listed: Listed;
  const hubSockets: WebSocket[] = [];
  const submit = (title: string) =>
    pageData<{ recordId: string }>(submitter, 'POST', '/api/EntryModule/submit', { moduleId, data: { title } });
  const unread = async () => (await pageData<Listed>(approver, 'GET', '/api/Notification')).unread;
  const bell = () => approver.locator('.topbar-bell');
  const badge = () => approver.getByTestId('unread-badge');
  const dropdown = () => approver.getByTestId('notifications-dropdown');
  const list = () => approver.getByTestId('notifications-page');

  beforeAll(async () => {
    submitter = await (await web.browser.newContext()).newPage();
    approver = await (await web.browser.newContext()).newPage();
    await signInPage(submitter, web.origin, 'admin', 'Admin-Pass-123');
    await signInPage(approver, web.origin, 'user', 'User-Pass-123');
    const approverId = await approver.evaluate(
      () => JSON.parse(localStorage.getItem('auth.config')!).userInfo.uid as string,
    );
    moduleId = await publishApprovalApp(submitter, approverId);
    approver.on('websocket', (ws) => ws.url().includes('/TaskHub') && hubSockets.push(ws));
  });

  it('shows no notifications at first, with a hub connection open', async () => {
    const handshake = approver
      .waitForEvent('websocket', (ws) => ws.url().includes('/TaskHub'))
      .then((ws) => ws.waitForEvent('framereceived', (f) => f.payload === '{}\u001e'));
    await approver.goto(`${web.origin}/notifications`);
    await handshake;
    await bell().click();
    await dropdown().getByText('No new notifications').waitFor();
    await list().getByText('No new notifications').waitFor();
    await approver.keyboard.press('Escape');
    await expect(badge().count()).resolves.toBe(0);
  });

  it('raises the approver badge within a second of a submit in another context, without a reload', async () => {
    await approver.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await submit('Trip 1');
    const submitted = Date.now();
    await badge().filter({ hasText: /^1$/ }).waitFor({ timeout: 5000 });
    expect(Date.now() - submitted).toBeLessThan(1000);
    expect(await approver.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // The message about it follows 7.5 s after it arrived.
    const first = (await pageData<Listed>(approver, 'GET', '/api/Notification')).notif[0]!;
    const toast = approver.locator('.bp6-toast').filter({ hasText: first.notification_content });
    await expect(toast.count()).resolves.toBe(0);
    await toast.waitFor({ timeout: 15_000 });
    expect(Date.now() - submitted).toBeGreaterThanOrEqual(7000);
  });

  it('lists the ten newest in a dropdown at most 300 px tall; clicking one opens its task and marks it read', async () => {
    for (let i = 2; i <= 12; i++) await submit(`Trip ${i}`);
    await badge().filter({ hasText: /^12$/ }).waitFor({ timeout: 10_000 });
    await bell().click();
    const items = dropdown().locator('.notification-item');
    await expect.poll(() => items.count()).toBe(10);
    await expect(dropdown().locator('.notification-item[data-unread]').count()).resolves.toBe(10);
    const box = await dropdown()
      .locator('.notifications-list')
      .evaluate((el) => ({ max: getComputedStyle(el).maxHeight, scrolls: el.scrollHeight > el.clientHeight }));
    expect(box).toEqual({ max: '300px', scrolls: true });
    listed = await pageData<Listed>(approver, 'GET', '/api/Notification?page=1&lenght=10');
    const newest = listed.notif[0]!;
    expect(newest.task_id).toBeTruthy();
    await items.first().click();
    await approver.waitForURL(`${web.origin}/task-editor/${newest.module_id}/${newest.record_id}/${newest.task_id}`);
    await expect.poll(unread).toBe(11);
    await approver.goBack();
    await badge().filter({ hasText: /^11$/ }).waitFor();
  });

  it('pages /notifications by ten; a network failure loading more (after the retries) shows its message', async () => {
    await approver.goto(`${web.origin}/notifications`);
    await expect.poll(() => list().locator('.notification-item').count()).toBe(10);
    const secondPage = (u: URL) => u.pathname === '/api/Notification' && u.searchParams.get('page') === '2';
    // The first try and the three retries every query gets.
    await approver.route(secondPage, (route) => route.abort('internetdisconnected'), { times: 4 });
    await list().getByRole('button', { name: 'Load more' }).click();
    await approver.locator('.bp6-toast').filter({ hasText: 'Network Error' }).waitFor({ timeout: 20_000 });
    await list().getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => list().locator('.notification-item').count()).toBe(12);
    await expect(list().getByRole('button', { name: 'Load more' }).count()).resolves.toBe(0);
  });

  it('shows one at /notifications/:id and marks it read', async () => {
    const other = listed.notif[1]!;
    await approver.goto(`${web.origin}/notifications/${other.id}`);
    await approver.getByTestId('notification-page').getByText(other.notification_content).waitFor();
    await badge().filter({ hasText: /^10$/ }).waitFor();
    await expect.poll(unread).toBe(10);
  });

  it('shows the time of an unread one older than a day as a warning', async () => {
    const db = new Database(path.join(web.server.dataDir, 'flowforms.sqlite'));
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
    db.prepare('update notifications set created_on = ? where id = ?').run(twoDaysAgo, listed.notif[2]!.id);
    db.close();
    // It is now the oldest, on the second page.
    await approver.goto(`${web.origin}/notifications`);
    await list().getByRole('button', { name: 'Load more' }).click();
    const warned = list().locator('.notification-time-warning');
    await warned.waitFor();
    expect(await warned.getAttribute('class')).toContain('bp6-intent-warning');
    await expect(warned.count()).resolves.toBe(1);
    await expect(
      list().locator('.notification-item').last().locator('.notification-time-warning').count(),
    ).resolves.toBe(1);
  });

  it('the record list, its summary and the task list refresh on their own after another user acts', async () => {
    // Opened before the submit and never reloaded: the pushed notification refreshes them (7.5 s after it arrives).
    await approver.goto(`${web.origin}/module/${moduleId}`);
    const rows = approver.locator('[data-testid^="record-row-"]');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const before = await rows.count();
    await approver.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const { recordId } = await submit('Trip live list');
    await approver.getByTestId(`record-row-${recordId}`).waitFor({ timeout: 20_000 });
    expect(await rows.count()).toBe(Math.min(before + 1, 10));

    await approver.goto(`${web.origin}/tasks`);
    await approver.locator('[data-testid^="task-row-"]').first().waitFor();
    await approver.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await submit('Trip live tasks');
    const { task_id } = (await pageData<Listed>(approver, 'GET', '/api/Notification')).notif[0]!;
    await approver.getByTestId(`task-row-${task_id}`).waitFor({ timeout: 20_000 });
    expect(await approver.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  it('the sidebar tree and the app list follow an app another user publishes, at once', async () => {
    await approver.goto(`${web.origin}/applications`);
    const tree = approver.getByTestId('module-tree');
    await tree.getByRole('link', { name: 'Travel requests' }).waitFor();
    await approver.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const { id } = await pageData<{ id: string }>(submitter, 'POST', '/api/form/Editor/CreateProcessFromScratch', {
      name: 'Site visits',
    });
    await pageData(submitter, 'POST', `/api/form/Editor/SaveForm?id=${id}`, {
      module: {
        display_name: 'Site visits',
        fieldGroups: [
          { id: 'g', label: 'Visit', rows: [{ fields: [{ name: 'site', label: 'Site', fieldType: 'text' }] }] },
        ],
      },
    });
    await pageData(submitter, 'POST', `/api/form/Editor/publish?id=${id}`, {});
    await tree.getByRole('link', { name: 'Site visits' }).waitFor({ timeout: 5_000 });
    await approver
      .getByTestId('shell-content')
      .or(approver.locator('.shell-content'))
      .getByText('Site visits')
      .first()
      .waitFor({ timeout: 5_000 });
    await pageData(submitter, 'POST', `/api/form/Editor/DeleteForm?moduleId=${id}`, {});
    await tree.getByRole('link', { name: 'Site visits' }).waitFor({ state: 'detached', timeout: 5_000 });
    expect(await approver.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  it("a user's drafts list follows a draft they save on another page, at once", async () => {
    await approver.goto(`${web.origin}/module/${moduleId}`);
    await approver.getByRole('tab', { name: 'My drafts' }).click();
    const rows = approver.locator('tbody tr[data-testid^="record-row-"]');
    await approver.getByText('No records').or(rows.first()).first().waitFor();
    // The rows counted must be the drafts tab's, not the previous tab's still on screen.
    await approver.waitForLoadState('networkidle');
    const before = await rows.count();
    const other = await approver.context().newPage();
    await other.goto(`${web.origin}/tasks`);
    const { id } = await pageData<{ id: string }>(other, 'POST', '/api/EntryModule/save', {
      moduleId,
      data: { title: 'Draft from the other tab' },
    });
    // Lists never poll, so the row can only come from the push; the allowance is for a machine busy with other tests.
    await approver.getByTestId(`record-row-${id}`).waitFor({ timeout: 10_000 });
    await expect.poll(() => rows.count()).toBe(before + 1);
    await other.close();
  });

  it('marks all as read, clearing the unread styling and the badge; signing out closes the hub connection', async () => {
    await bell().click();
    await dropdown().getByRole('button', { name: 'Mark all as read' }).click();
    await badge().waitFor({ state: 'detached' });
    await expect(dropdown().locator('.notification-item[data-unread]').count()).resolves.toBe(0);
    await expect.poll(unread).toBe(0);

    const socket = hubSockets.at(-1)!;
    expect(socket.isClosed()).toBe(false);
    const closed = socket.waitForEvent('close');
    await approver.keyboard.press('Escape');
    await approver.getByTestId('user-menu').click();
    await approver.getByRole('menuitem', { name: 'Sign out' }).click();
    await closed;
    await approver.waitForURL(/\/authentication\/login/);
  });
});
