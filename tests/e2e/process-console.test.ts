import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, pageData, signInPage, useWeb } from '../support/web.js';

const SHOTS = '/tmp/shots-pcon';

describe('process console on /process-engine in Chromium', () => {
  const web = useWeb();

  it('lets a system administrator find a faulted process, retry it and see it running', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    const keeper = await pageData<{ id: string }>(page, 'POST', '/api/people/users', {
      username: 'gale.keeper',
      email: 'gale.keeper@demo.test',
      fullname: 'Gale Keeper',
      password: 'Keeper-Pass-123',
    });
    const app = await pageData<{ id: string }>(page, 'POST', '/api/form/Editor/CreateProcessFromScratch', {
      name: 'Lighthouse repairs',
    });
    await pageData(page, 'POST', `/api/form/Editor/SaveForm?id=${app.id}`, {
      module: {
        display_name: 'Lighthouse repairs',
        fieldGroups: [
          { id: 'g', label: 'Repair', rows: [{ fields: [{ name: 'lamp', label: 'Lamp', fieldType: 'text' }] }] },
        ],
      },
      workflow: {
        activities: [
          { activityId: 'start', type: 'StartProcess', displayName: 'Start', position: { left: 0, top: 0 } },
          {
            activityId: 'keeper',
            type: 'Assignment',
            displayName: 'Keeper check',
            position: { left: 200, top: 0 },
            properties: {
              approvers: [{ type: 'user', id: keeper.id }],
              approvalMode: 'any',
              dueInDays: null,
              reminderEveryHours: null,
              taskType: 'Approval',
            },
          },
          { activityId: 'done', type: 'CompletedProcess', displayName: 'Completed', position: { left: 400, top: 0 } },
        ],
        connections: [
          { sourceActivityId: 'start', targetActivityId: 'keeper', outcome: 'Done' },
          { sourceActivityId: 'keeper', targetActivityId: 'done', outcome: 'Approved' },
        ],
      },
    });
    await pageData(page, 'POST', `/api/form/Editor/publish?id=${app.id}`, {});
    // The only approver is away: the process faults; once back, the step can be tried again.
    await pageData(page, 'POST', `/api/people/users/${keeper.id}/deactivate`, {});
    const { recordId } = await pageData<{ recordId: string }>(page, 'POST', '/api/EntryModule/submit', {
      moduleId: app.id,
      data: { lamp: 'North lamp' },
    });
    await pageData(page, 'POST', `/api/people/users/${keeper.id}/reactivate`, {});

    await page.goto(`${web.origin}/process-engine`);
    await page.getByRole('heading', { name: 'Process engine', exact: true }).waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption('Faulted');
    const row = page.getByTestId(`pcon-row-${recordId}`);
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain('Lighthouse repairs');
    await page.screenshot({ path: `${SHOTS}/process-engine.png` });

    await row.click();
    await page.waitForURL(new RegExp(`/process-engine/${recordId}$`));
    const drawer = page.getByTestId('pcon-instance');
    await expect(drawer.getByTestId('pcon-status').innerText()).resolves.toBe('Faulted');
    await drawer.getByRole('button', { name: 'Retry the step' }).click();
    await expect.poll(() => drawer.getByTestId('pcon-status').innerText(), { timeout: 10_000 }).toBe('Running');
    await expect(drawer.innerText()).resolves.toContain('Keeper check');
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/process-instance.png` });

    await page.goto(`${web.origin}/process/dashboard`);
    await page.getByRole('heading', { name: 'Process dashboard' }).waitFor();
    await page.locator('.echart svg').first().waitFor();
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${SHOTS}/process-dashboard.png` });
    await page.close();
  });
});
