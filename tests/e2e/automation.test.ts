import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, pageData, signInPage, useWeb } from '../support/web.js';

describe('robotic automation on /robotic-automation in Chromium', () => {
  const web = useWeb();

  it('designs an automation that makes a record, tries it dry, saves, runs it now and shows the log', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    const app = await pageData<{ id: string }>(page, 'POST', '/api/form/Editor/CreateProcessFromScratch', {
      name: 'Patrol notes',
    });
    await pageData(page, 'POST', `/api/form/Editor/SaveForm?id=${app.id}`, {
      module: {
        display_name: 'Patrol notes',
        fieldGroups: [
          { id: 'g', label: 'Note', rows: [{ fields: [{ name: 'title', label: 'Title', fieldType: 'text' }] }] },
        ],
      },
    });
    await pageData(page, 'POST', `/api/form/Editor/publish?id=${app.id}`, {});

    await page.goto(`${web.origin}/robotic-automation`);
    await page.getByText('No automations yet').waitFor();
    await page.getByRole('button', { name: 'New automation' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Night patrol');
    await page.getByLabel('Runs', { exact: true }).selectOption('interval');
    await page.getByLabel('Minutes between runs').fill('15');
    await page.getByLabel('Kind of step').selectOption('create-record');
    await page.getByRole('button', { name: 'Add step' }).click();
    const step = page.getByTestId('step-createRecord');
    await step.getByLabel('App', { exact: true }).selectOption(app.id);
    await step.getByRole('button', { name: 'Add' }).click();
    await step.getByLabel('Field 1').fill('title');
    await step.getByLabel('Value 1').fill('Patrol by {{run.trigger}}');

    // The dry run says what would be made and makes nothing.
    await page.getByRole('button', { name: 'Test (dry run)' }).click();
    const result = page.getByTestId('rpa-result');
    await result.getByText('Nothing was written and no other system was called').waitFor();
    await expect(result.getByTestId('outcome-createRecord').innerText()).resolves.toContain('Patrol by test');
    const before = await pageData<{ recordsTotal: number }>(page, 'POST', '/api/EntryModule/datatables', {
      moduleId: app.id,
      page: 1,
      length: 10,
    });
    expect(before.recordsTotal).toBe(0);

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The automation has been saved.').waitFor();
    await page.waitForURL(/\/robotic-automation\/[0-9a-f-]{36}$/);
    await page.getByText(/^Next run /).waitFor();

    await page.getByRole('button', { name: 'Run now' }).click();
    await result.getByTestId('status-Succeeded').first().waitFor();
    await expect(result.getByTestId('outcome-createRecord').innerText()).resolves.toContain('recordId');
    const after = await pageData<{ data: unknown[] }>(page, 'POST', '/api/EntryModule/datatables', {
      moduleId: app.id,
      page: 1,
      length: 10,
    });
    // (The total is counted again every few seconds; the rows are read now.)
    expect(after.data).toHaveLength(1);
    // The log and the dashboard show the run.
    await page.getByTestId('run-row').first().waitFor();
    // (The dashboard is read again after the run; poll for the new figures.)
    await expect.poll(() => page.getByTestId('rpa-runs').innerText()).toBe('1');
    await expect.poll(() => page.getByTestId('rpa-success').innerText()).toBe('100 %');
    // The chart (ECharts, loaded with the page) draws today's bar.
    await page.waitForFunction(() =>
      [...document.querySelectorAll<SVGPathElement>('.echart svg path[fill="#238551"]')].some(
        (p) => p.getBBox().height > 1,
      ),
    );
    await page.getByRole('button', { name: 'Show the steps' }).click();
    await page.getByTestId('run-row').getByTestId('outcome-createRecord').waitFor();
    await page.screenshot({ path: '/tmp/automation-page.png', fullPage: true });

    await page.getByRole('link', { name: 'All automations' }).click();
    const row = page.getByTestId('automation-row-Night patrol');
    await row.getByText('Every 15 minutes').waitFor();
    await row.getByText('Active').waitFor();
    await row.getByTestId('status-Succeeded').waitFor();
    await page.screenshot({ path: '/tmp/automation-list.png' });
    await page.close();
  });
});
