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

  it('designs a record-updated automation that updates by a filter, branches and mails; dry run, then run now', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    const app = await pageData<{ id: string }>(page, 'POST', '/api/form/Editor/CreateProcessFromScratch', {
      name: 'Work orders',
    });
    const fields = [
      { name: 'title', label: 'Title', fieldType: 'text' },
      { name: 'state', label: 'State', fieldType: 'text' },
    ];
    await pageData(page, 'POST', `/api/form/Editor/SaveForm?id=${app.id}`, {
      module: { display_name: 'Work orders', fieldGroups: [{ id: 'g', label: 'Order', rows: [{ fields }] }] },
    });
    await pageData(page, 'POST', `/api/form/Editor/publish?id=${app.id}`, {});
    for (const [title, state] of [
      ['Pump', 'open'],
      ['Valve', 'open'],
      ['Fan', 'done'],
    ])
      await pageData(page, 'POST', '/api/EntryModule/save', { moduleId: app.id, data: { title, state } });
    /** How many orders are still open, by a dry run of a filter (the record list shows submitted records). */
    const open = async () => {
      const probe = [
        {
          id: 'probe',
          type: 'update-records',
          config: {
            moduleId: app.id,
            filters: [{ field: 'state', operator: 'eq', value: 'open' }],
            values: [{ field: 'state', value: 'x' }],
          },
        },
      ];
      const r = await pageData<{ steps: { output: { wouldUpdate: number } }[] }>(
        page,
        'POST',
        '/api/rpa/execute/test',
        {
          steps: probe,
        },
      );
      return r.steps[0]!.output.wouldUpdate;
    };

    await page.goto(`${web.origin}/robotic-automation/add`);
    await page.getByLabel('Name', { exact: true }).fill('Close open orders');
    // Started when an order's state changes.
    await page.getByLabel('Runs', { exact: true }).selectOption('record');
    await page.locator('#rpa-record-app').selectOption(app.id);
    await page.getByRole('checkbox', { name: 'Record updated' }).check({ force: true });
    await page.getByRole('checkbox', { name: 'Record submitted' }).waitFor();
    await page.getByLabel('Only when these fields change').fill('state');

    const add = async (kind: string, id: string) => {
      await page.getByLabel('Kind of step').selectOption(kind);
      await page.getByRole('button', { name: 'Add step' }).click();
      return page.getByTestId(`step-${id}`);
    };
    const update = await add('update-records', 'updateRecords');
    await update.getByLabel('App', { exact: true }).selectOption(app.id);
    const which = update.getByRole('group', { name: 'Which records (filters)' });
    await which.getByRole('button', { name: 'Add' }).click();
    await which.getByLabel('Field 1').fill('state');
    await which.getByLabel('Condition 1').fill('eq');
    await which.getByLabel('Value 1').fill('open');
    const values = update.getByRole('group', { name: 'New values' });
    await values.getByLabel('Field 1').fill('state');
    await values.getByLabel('Value 1').fill('closed');
    const branch = await add('condition', 'condition');
    await branch.getByLabel('Value tested').fill('{{run.trigger}}');
    await branch.getByLabel('Condition').selectOption('neq');
    await branch.getByLabel('Compared with').fill('nobody');
    const mail = await add('send-mail', 'sendMail');
    await mail.getByLabel('To').fill('ops@acme.test');
    await mail.getByLabel('Subject').fill('Orders closed');
    await mail.getByLabel('Message').fill('Closed by {{run.trigger}}');

    // The dry run shows what each step would do: how many records and which, the branch taken, the mail.
    await page.getByRole('button', { name: 'Test (dry run)' }).click();
    const result = page.getByTestId('rpa-result');
    await result.getByText('Nothing was written and no other system was called').waitFor();
    await expect(result.getByTestId('outcome-updateRecords').innerText()).resolves.toMatch(/wouldUpdate.*2/s);
    await expect(result.getByTestId('outcome-condition').innerText()).resolves.toMatch(/met.*true/s);
    await expect(result.getByTestId('outcome-sendMail').innerText()).resolves.toMatch(/wouldSend.*ops@acme\.test/s);
    expect(await open()).toBe(2);

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The automation has been saved.').waitFor();
    await page.waitForURL(/\/robotic-automation\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Run now' }).click();
    await result.getByTestId('status-Succeeded').first().waitFor();
    // (The panel showed the dry run till now: wait for the run's own figures.)
    await expect.poll(() => result.getByTestId('outcome-updateRecords').innerText()).toMatch(/"updated": 2/);
    await expect(result.getByTestId('outcome-sendMail').innerText()).resolves.toContain('ops@acme.test');
    expect(await open()).toBe(0);
    // The log keeps the run with each step.
    await page.getByTestId('run-row').first().waitFor();
    await page.getByRole('button', { name: 'Show the steps' }).click();
    for (const id of ['updateRecords', 'condition', 'sendMail'])
      await page.getByTestId('run-row').getByTestId(`outcome-${id}`).waitFor();
    await page.screenshot({ path: '/tmp/automation-updated.png', fullPage: true });
    await page.close();
  });
});
