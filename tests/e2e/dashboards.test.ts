import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, pageData, signInPage, useWeb } from '../support/web.js';
import { claimWorkflow, expenseClaim } from '../api/engine-fixture.js';

const SHOTS = '/tmp/shots-dash';
type Widget = {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
  kind: string;
  settings: Record<string, unknown>;
};

/** Drags from the centre of one box by (dx, dy) in small steps, as a hand would. */
async function drag(page: Page, from: { x: number; y: number }, dx: number, dy: number) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx / 2, from.y + dy / 2, { steps: 8 });
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 8 });
  await page.mouse.up();
}

describe('dashboards and business intelligence in Chromium', () => {
  const web = useWeb();

  it('builds a dashboard of widgets, keeps its layout, filters every widget and contains a broken one', async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const page = await web.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    // An approval app with claims waiting for the administrator, one approved, and a saved report over it.
    const app = await pageData<{ id: string }>(page, 'POST', '/api/form/Editor/CreateProcessFromScratch', {
      name: 'Claims',
    });
    const found = await pageData<{ items: { id: string; label: string }[] }>(
      page,
      'POST',
      '/api/EntryModule/UserLookup',
      {
        search: 'admin',
      },
    );
    const adminId = found.items[0]!.id;
    await pageData(page, 'POST', `/api/form/Editor/SaveForm?id=${app.id}`, {
      module: expenseClaim,
      workflow: claimWorkflow({ finance: [adminId] }),
    });
    await pageData(page, 'POST', `/api/form/Editor/publish?id=${app.id}`, {});
    for (const amount of [20, 300, 400])
      await pageData(page, 'POST', '/api/EntryModule/submit', {
        moduleId: app.id,
        data: { title: `Claim ${amount}`, amount, manager: adminId },
      });
    const tasks = await pageData<{ data: { id: string }[] }>(page, 'POST', '/api/Task/datatables', {
      page: 1,
      length: 10,
    });
    await pageData(page, 'POST', '/api/EntryModule/approve', { task_id: tasks.data.at(-1)!.id, accepted: true });
    const report = await pageData<{ id: string }>(page, 'POST', '/api/form/report/save', {
      name: 'Claims by status',
      spec: {
        moduleId: app.id,
        groupBy: [{ column: 'process_status' }],
        measures: [{ aggregate: 'count' }],
        chart: 'bar',
      },
    });

    // A new dashboard from the list.
    await page.goto(`${web.origin}/list-dashboard`);
    await page.getByRole('button', { name: 'New dashboard' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Operations');
    await page.getByText('Full users', { exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/dashboard\?id=/);
    const dashId = new URL(page.url()).searchParams.get('id')!;
    await page.getByText('This dashboard has no widgets yet').waitFor();

    // Edit mode: a tasks widget, a process-status widget for the app and a report widget, from the palette.
    await page.getByRole('button', { name: 'Edit layout' }).click();
    const add = async (kind: string) => {
      await page.getByRole('button', { name: 'Add widget' }).click();
      await page.getByRole('menuitem', { name: kind }).click();
    };
    await add('Open tasks');
    await add('Process status');
    await add('Report');
    const items = page.locator('.react-grid-item');
    await expect.poll(() => items.count()).toBe(3);
    await page.getByRole('button', { name: 'Settings of Process status' }).click();
    await items.nth(1).getByLabel('App', { exact: true }).selectOption(app.id);
    await page.getByRole('button', { name: 'Settings of Report' }).click();
    await items.nth(2).getByLabel('Saved report').selectOption(report.id);
    await items.nth(1).getByTestId('status-total').waitFor();
    await expect(items.nth(1).getByTestId('status-total').innerText()).resolves.toBe('3');
    await expect.poll(() => items.nth(0).getByTestId('tasks-open').innerText()).toBe('2');
    await items.nth(2).locator('.echart svg').waitFor();

    // Move the process status next to the tasks, and make the tasks widget taller, by hand.
    await page.getByRole('button', { name: 'Settings of Process status' }).click();
    await page.getByRole('button', { name: 'Settings of Report' }).click();
    await page.locator('.dash-header').scrollIntoViewIfNeeded();
    const statusHead = (await items.nth(1).locator('.dash-handle').boundingBox())!;
    const tasksBox = (await items.nth(0).boundingBox())!;
    await drag(page, { x: statusHead.x + 60, y: statusHead.y + 12 }, tasksBox.width + 12, tasksBox.y - statusHead.y);
    // (Items glide to their places; resize once the moved one has arrived beside the tasks.)
    await expect.poll(async () => (await items.nth(1).boundingBox())!.y).toBeCloseTo(tasksBox.y, 0);
    await page.waitForTimeout(300);
    const corner = (await items.nth(0).locator('.react-resizable-handle').boundingBox())!;
    await drag(page, { x: corner.x + corner.width / 2, y: corner.y + corner.height / 2 }, 0, 120);
    await page.getByRole('button', { name: 'Save layout' }).click();
    // Saved: edit mode ends (the toast may still be the one from creating it).
    await page.getByRole('button', { name: 'Edit layout' }).waitFor();
    const saved = (await pageData<{ layout: Widget[] }>(page, 'GET', `/api/dashboards/${dashId}`)).layout;
    const [tasksW, statusW] = [saved.find((w) => w.kind === 'tasks')!, saved.find((w) => w.kind === 'process-status')!];
    expect(statusW, JSON.stringify(saved)).toMatchObject({ x: 6, y: 0 });
    expect(tasksW.h).toBeGreaterThan(6);

    // After a reload the same layout is drawn.
    const boxes = async () =>
      Promise.all([0, 1, 2].map(async (n) => (await items.nth(n).boundingBox())!)).then((b) =>
        b.map((x) => [Math.round(x.x), Math.round(x.y), Math.round(x.width), Math.round(x.height)]),
      );
    // The grid animates a resize into place: measure once two readings agree, and after the reload until they match.
    let before = await boxes();
    await expect
      .poll(async () => {
        const now = await boxes();
        const same = JSON.stringify(now) === JSON.stringify(before);
        before = now;
        return same;
      })
      .toBe(true);
    await page.reload();
    await items.nth(1).getByTestId('status-total').waitFor();
    // Sub-pixel layout may round a pixel either way.
    const furthest = async () => {
      const after = await boxes();
      return Math.max(...after.flatMap((b, i) => b.map((v, j) => Math.abs(v - before[i]![j]!))));
    };
    await expect.poll(furthest).toBeLessThanOrEqual(2);

    // The shared date filter reaches every widget: from tomorrow on, nothing is open or started.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(tomorrow);
    await expect.poll(() => items.nth(0).getByTestId('tasks-open').innerText()).toBe('0');
    await expect.poll(() => items.nth(1).getByTestId('status-total').innerText()).toBe('0');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => items.nth(0).getByTestId('tasks-open').innerText()).toBe('2');

    // A widget whose app is gone shows its own error; the others still draw.
    await pageData(page, 'PUT', `/api/dashboards/${dashId}`, {
      version: 2,
      layout: [
        ...saved,
        { i: 'broken', x: 0, y: 30, w: 6, h: 4, kind: 'process-status', settings: { moduleId: 'no-such-app' } },
      ],
    });
    await page.reload();
    await page.getByTestId('widget-broken').getByText('This widget could not load').waitFor();
    await page.getByTestId('widget-broken').getByText('App not found').waitFor();
    await items.nth(1).getByTestId('status-total').waitFor();
    await expect(items.nth(0).getByTestId('tasks-open').innerText()).resolves.toBe('2');
    await page.screenshot({ path: `${SHOTS}/dashboard.png`, fullPage: true });

    // Business intelligence for the app: every figure drawn.
    await page.goto(`${web.origin}/business-intelligence?moduleId=${app.id}`);
    await page.getByTestId('bi-steps').locator('.echart svg').waitFor();
    await page.getByTestId('bi-holders').locator('.echart svg').waitFor();
    await expect(page.getByTestId('sla-open').innerText()).resolves.toBe('0');
    await page.screenshot({ path: `${SHOTS}/business-intelligence.png`, fullPage: true });
  });

  it('shares a dashboard with a team and a single user, and the user named opens it', async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const page = await web.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    const team = await pageData<{ id: string }>(page, 'POST', '/api/people/teams', { name: 'Night shift' });
    await pageData(page, 'POST', '/api/people/users', {
      username: 'dora.designer',
      email: 'dora@demo.test',
      fullname: 'Dora Designer',
      password: 'Dora-Pass-123',
      isFullUser: true,
    });
    const { id: dashId } = await pageData<{ id: string }>(page, 'POST', '/api/dashboards', {
      name: 'Night board',
      sharedWith: [{ kind: 'role', id: 'fullUser' }],
    });
    await page.goto(`${web.origin}/list-dashboard`);
    await page.getByRole('button', { name: 'Rename or share Night board' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Full users', { exact: true }).click();
    await dialog.getByLabel('Share with a').selectOption('team');
    await dialog.getByLabel('Team or user to share with').selectOption({ label: 'Night shift' });
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByLabel('Share with a').selectOption('user');
    await dialog.getByLabel('Team or user to share with').selectOption({ label: 'Dora Designer' });
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByTestId('dash-shares').getByText('User: Dora Designer').waitFor();
    await dialog.screenshot({ path: `${SHOTS}/share-dialog.png` });
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const dora = (
      await pageData<{ items: { id: string }[] }>(page, 'POST', '/api/EntryModule/UserLookup', { search: 'Dora' })
    ).items[0]!.id;
    await expect
      .poll(
        async () => (await pageData<{ sharedWith: unknown[] }>(page, 'GET', `/api/dashboards/${dashId}`)).sharedWith,
      )
      .toEqual([
        { kind: 'team', id: team.id },
        { kind: 'user', id: dora },
      ]);
    const other = await web.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInPage(other, web.origin, 'dora.designer', 'Dora-Pass-123');
    await other.goto(`${web.origin}/list-dashboard`);
    await other.getByRole('link', { name: 'Night board' }).click();
    await other.waitForURL(/\/dashboard\?id=/);
    await other.getByText('This dashboard has no widgets yet').waitFor();
    await other.close();
    await page.close();
  });
});
