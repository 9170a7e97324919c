import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, pageData, signInPage, useWeb } from '../support/web.js';

const SHOTS = '/tmp/shots-rweb';
const VIEWER = ['rita.viewer', 'Viewer-Pass-123'] as const;
/** A region starting with '=' must reach the spreadsheet as text, never as a formula. */
const REGIONS = ['North', 'South', '=Other'];
/** [region, amount, visit]: the owner's eight, then the viewer's four (the viewer may open only those). */
const OWNER_ROWS: [string, number, string][] = [
  ['North', 10, '2025-03-01'],
  ['North', 20, '2026-01-10'],
  ['North', 30, '2026-02-11'],
  ['South', 5, '2025-05-05'],
  ['South', 15, '2026-06-06'],
  ['=Other', 7, '2025-07-07'],
  ['=Other', 8, '2025-08-08'],
  ['=Other', 9, '2026-09-09'],
];
const VIEWER_ROWS: [string, number, string][] = [
  ['North', 100, '2025-04-04'],
  ['North', 200, '2026-04-04'],
  ['South', 50, '2025-10-10'],
  ['=Other', 1, '2026-11-11'],
];

const figure = (row: ReturnType<Page['locator']>, key: string) =>
  row.locator(`button.report-figure[data-key="${key}"]`).getAttribute('data-value');

describe('reports in Chromium', () => {
  const web = useWeb();

  it('builds a quick report, drills, saves, views, exports, prints, asks parameters, pivots, and shares it', async () => {
    const owner = await web.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInPage(owner, web.origin, ...DEMO_ADMIN);
    await pageData(owner, 'POST', '/api/people/users', {
      username: VIEWER[0],
      email: 'rita@demo.test',
      fullname: 'Rita Viewer',
      password: VIEWER[1],
      isFullUser: true,
    });
    const { id: moduleId } = await pageData<{ id: string }>(
      owner,
      'POST',
      '/api/form/Editor/CreateProcessFromScratch',
      {
        name: 'Field visits',
      },
    );
    const fields = [
      {
        name: 'region',
        label: 'Region',
        fieldType: 'dropdown',
        config: { options: REGIONS.map((r) => ({ value: r, label: r })), multiple: false },
      },
      { name: 'amount', label: 'Amount', fieldType: 'number', config: { decimalPlaces: 2, format: 'plain' } },
      { name: 'visit', label: 'Visit', fieldType: 'date' },
    ];
    const module = { display_name: 'Field visits', fieldGroups: [{ id: 'g', label: 'Visit', rows: [{ fields }] }] };
    await pageData(owner, 'POST', `/api/form/Editor/SaveForm?id=${moduleId}`, { module });
    await pageData(owner, 'POST', `/api/form/Editor/publish?id=${moduleId}`, {});
    const viewer = await web.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInPage(viewer, web.origin, ...VIEWER);
    for (const [page, rows] of [
      [owner, OWNER_ROWS],
      [viewer, VIEWER_ROWS],
    ] as const)
      for (const [region, amount, visit] of rows)
        await pageData(page, 'POST', '/api/EntryModule/submit', { moduleId, data: { region, amount, visit } });

    // The quick report: by region, then by year of the visit; count and sum of the amount.
    await owner.goto(`${web.origin}/inquiry`);
    await owner.locator('#report-app').selectOption({ label: 'Field visits' });
    await owner.getByRole('button', { name: 'Add group' }).click();
    await owner.getByLabel('Column of group 1').selectOption('region');
    await owner.getByRole('button', { name: 'Add group' }).click();
    await owner.getByLabel('Column of group 2').selectOption('visit');
    await owner.getByLabel('Period of group 2').selectOption('year');
    await owner.getByRole('button', { name: 'Add measure' }).click();
    await owner.getByLabel('Calculation of measure 2').selectOption('sum');
    await owner.getByLabel('Column of measure 2').selectOption('amount');
    await owner.getByRole('button', { name: 'Run', exact: true }).click();
    const table = owner.locator('.report-table').first();
    await table.waitFor();
    const total = table.locator('tr[data-kind="total"]');
    await expect(figure(total, 'count')).resolves.toBe('12');
    await expect(figure(total, 'sum_amount')).resolves.toBe('455');
    const north = table.locator('tr[data-kind="subtotal"]', { hasText: 'North' });
    await expect(figure(north, 'count')).resolves.toBe('5');
    await expect(figure(north, 'sum_amount')).resolves.toBe('360');
    await expect(table.locator('tr[data-kind="row"]').count()).resolves.toBe(6);
    await owner.locator('[data-testid="report-chart"] svg').first().waitFor();

    // Drilling the North count lists exactly those five records, each a link to its record.
    await north.locator('button.report-figure[data-key="count"]').click();
    const drill = owner.getByTestId('report-drill');
    await expect
      .poll(() => drill.getByTestId('report-drill-total').getAttribute('data-total'), { timeout: 10_000 })
      .toBe('5');
    await expect(drill.getByTestId('report-drill-row').count()).resolves.toBe(5);
    const link = await drill.getByRole('link').first().getAttribute('href');
    expect(link).toMatch(new RegExp(`^/item-editor/${moduleId}/`));
    await owner.keyboard.press('Escape');
    await drill.waitFor({ state: 'detached' });
    await owner.setViewportSize({ width: 1366, height: 1400 });
    await owner.screenshot({ path: `${SHOTS}/inquiry.png` });
    await owner.setViewportSize({ width: 1366, height: 900 });

    // Saved as a report, shared with the viewer in the designer, then opened in the viewer.
    await owner.getByRole('button', { name: 'Save as report' }).click();
    await owner.locator('#save-report-name').fill('Visits by region');
    await owner.locator('#save-report-folder').fill('Sales');
    await owner.getByRole('button', { name: 'Save and edit' }).click();
    await owner.waitForURL(/\/report-designer\?id=/);
    await owner.locator('#report-name').waitFor();
    await expect(owner.locator('#report-name').inputValue()).resolves.toBe('Visits by region');
    await owner.getByLabel('Share with a').selectOption('user');
    await owner.getByLabel('Share with', { exact: true }).selectOption({ label: 'Rita Viewer' });
    await owner.getByRole('button', { name: 'Share', exact: true }).click();
    await owner.getByRole('button', { name: 'Save', exact: true }).click();
    await owner.getByText('Report saved').first().waitFor();

    // Schedule mailing: a weekly XLSX to the viewer, listed with its next run.
    const mailing = owner.getByTestId('report-mailing');
    await mailing.scrollIntoViewIfNeeded();
    await mailing.locator('#mail-name').fill('Monday visits');
    await mailing.locator('#mail-preset').selectOption('weekly');
    await mailing.locator('#mail-tz').fill('Europe/Berlin');
    await mailing.getByLabel('Recipients').selectOption({ label: 'Rita Viewer' });
    await mailing.getByRole('button', { name: 'Add', exact: true }).click();
    await mailing.getByRole('button', { name: 'Schedule mailing' }).click();
    const scheduled = mailing.getByTestId('report-schedule');
    await scheduled.waitFor();
    await expect(scheduled.innerText()).resolves.toMatch(/Monday visits[\s\S]*0 7 \* \* 1[\s\S]*Europe\/Berlin/);
    await expect(scheduled.innerText()).resolves.toContain('Not run yet');
    await mailing.screenshot({ path: `${SHOTS}/mailing.png` });
    await owner.getByRole('button', { name: 'Open', exact: true }).click();
    await owner.waitForURL(/\/report-viewer\?id=/);
    const viewed = owner.locator('.report-table').first();
    await viewed.waitFor();
    await expect(figure(viewed.locator('tr[data-kind="total"]'), 'sum_amount')).resolves.toBe('455');
    await owner.screenshot({ path: `${SHOTS}/viewer.png`, fullPage: true });

    // XLSX: the same figures, the '=' region escaped.
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      owner.getByRole('button', { name: 'Export XLSX' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Visits by region.*\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    const last = rows[rows.length - 1]!;
    expect(last[0]).toBe('Total');
    expect(last.slice(-2)).toEqual([12, 455]);
    const flat = rows.flat().map(String);
    expect(flat).toContain("'=Other");
    expect(flat).not.toContain('=Other');
    expect(rows.some((r) => r[0] === 'North' && r[1] === 'Subtotal' && r[2] === 5 && r[3] === 360)).toBe(true);

    // Printing shows the report alone: no sidebar, no buttons.
    await owner.emulateMedia({ media: 'print' });
    await expect(owner.locator('.shell-sidebar').isVisible()).resolves.toBe(false);
    await expect(owner.getByRole('button', { name: 'Export XLSX' }).isVisible()).resolves.toBe(false);
    await expect(viewed.isVisible()).resolves.toBe(true);
    await owner.emulateMedia({ media: 'screen' });

    // A report with a parameter asks for it first; its pivot puts the years in columns, and a cell drills too.
    const pivot = await pageData<{ id: string }>(owner, 'POST', '/api/form/report/save', {
      name: 'Visits from an amount',
      spec: {
        moduleId,
        filters: [{ field: 'amount', operator: 'gte', value: '{{param:min}}' }],
        groupBy: [{ column: 'region' }],
        pivot: { column: 'visit', bucket: 'year' },
        measures: [{ aggregate: 'count' }],
        chart: 'table',
      },
      parameters: [{ name: 'min', label: 'Smallest amount', type: 'number', required: true }],
    });
    await owner.goto(`${web.origin}/report-viewer?id=${pivot.id}`);
    await owner.getByLabel('Smallest amount').fill('9');
    await owner.getByRole('button', { name: 'Run', exact: true }).click();
    const grid = owner.locator('.report-table').first();
    await grid.waitFor();
    await expect(figure(grid.locator('tr[data-kind="total"]'), 'count')).resolves.toBe('8');
    const north2026 = grid.locator('tr[data-kind="row"]', { hasText: 'North' }).getByRole('button', { name: /2026/ });
    await expect(north2026.getAttribute('data-value')).resolves.toBe('3');
    await north2026.click();
    await expect
      .poll(() => drill.getByTestId('report-drill-total').getAttribute('data-total'), { timeout: 10_000 })
      .toBe('3');
    await owner.keyboard.press('Escape');
    await owner.screenshot({ path: `${SHOTS}/pivot.png` });

    // The list: a folder narrows it; the owner deletes a report after confirming.
    await owner.goto(`${web.origin}/reports`);
    await owner.getByTestId('report-row-Visits from an amount').waitFor();
    await owner.getByLabel('Folder', { exact: true }).selectOption('Sales');
    await owner.getByTestId('report-row-Visits from an amount').waitFor({ state: 'detached' });
    await owner.getByLabel('Folder', { exact: true }).selectOption('');
    await owner.getByRole('button', { name: 'Delete Visits from an amount' }).click();
    await owner.getByRole('button', { name: 'Delete', exact: true }).click();
    await owner.getByTestId('report-row-Visits from an amount').waitFor({ state: 'detached' });
    await owner.getByTestId('report-row-Visits by region').waitFor();

    // The viewer finds the shared report and sees only the records they may open.
    await viewer.goto(`${web.origin}/reports`);
    await viewer.getByRole('link', { name: 'Visits by region' }).click();
    const theirs = viewer.locator('.report-table').first();
    await theirs.waitFor();
    const theirTotal = theirs.locator('tr[data-kind="total"]');
    await expect(figure(theirTotal, 'count')).resolves.toBe('4');
    await expect(figure(theirTotal, 'sum_amount')).resolves.toBe('351');
    await expect(viewer.getByRole('button', { name: 'Edit', exact: true }).count()).resolves.toBe(0);
  }, 90_000);

  it('edits, pauses, resumes and deletes a scheduled mailing, with its own parameter values', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1366, height: 1000 } });
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    const { id: moduleId } = await pageData<{ id: string }>(page, 'POST', '/api/form/Editor/CreateProcessFromScratch', {
      name: 'Mailed claims',
    });
    const fields = [{ name: 'amount', label: 'Amount', fieldType: 'number', config: { format: 'plain' } }];
    const module = { display_name: 'Mailed claims', fieldGroups: [{ id: 'g', label: 'Claim', rows: [{ fields }] }] };
    await pageData(page, 'POST', `/api/form/Editor/SaveForm?id=${moduleId}`, { module });
    await pageData(page, 'POST', `/api/form/Editor/publish?id=${moduleId}`, {});
    const report = await pageData<{ id: string }>(page, 'POST', '/api/form/report/save', {
      name: 'Claims from an amount',
      spec: {
        moduleId,
        filters: [{ field: 'amount', operator: 'gte', value: '{{param:min}}' }],
        measures: [{ aggregate: 'count' }],
        chart: 'kpi',
      },
      parameters: [{ name: 'min', label: 'Smallest amount', type: 'number', required: true, default: 5 }],
    });
    type Sched = { id: string; name: string; cron: string; format: string; active: boolean; parameters: object };
    const stored = () => pageData<Sched[]>(page, 'GET', `/api/form/report/${report.id}/schedules`);
    await page.goto(`${web.origin}/report-designer?id=${report.id}`);
    const mailing = page.getByTestId('report-mailing');
    await mailing.scrollIntoViewIfNeeded();
    // A new mailing asks the report's parameter with the viewer's input, its default filled in.
    await expect(mailing.getByLabel('Smallest amount').inputValue()).resolves.toBe('5');
    await mailing.locator('#mail-name').fill('Big claims');
    await mailing.getByLabel('Smallest amount').fill('100');
    await mailing.locator('#mail-emails').fill('finance@demo.test');
    await mailing.getByRole('button', { name: 'Schedule mailing' }).click();
    const row = mailing.getByTestId('report-schedule');
    await row.getByTestId('report-schedule-params').getByText('min: 100').waitFor();
    await expect(stored()).resolves.toMatchObject([{ cron: '0 7 * * *', parameters: { min: 100 }, active: true }]);

    // Edit: every field comes back as it was made; the changes are saved.
    await mailing.getByRole('button', { name: 'Edit Big claims' }).click();
    const form = mailing.getByTestId('report-schedule-form');
    await form.getByText('Edit mailing').waitFor();
    await expect(form.locator('#mail-name').inputValue()).resolves.toBe('Big claims');
    await expect(form.locator('#mail-preset').inputValue()).resolves.toBe('daily');
    await expect(form.getByLabel('Time', { exact: true }).inputValue()).resolves.toBe('07:00');
    await expect(form.locator('#mail-emails').inputValue()).resolves.toBe('finance@demo.test');
    await expect(form.getByLabel('Smallest amount').inputValue()).resolves.toBe('100');
    await form.locator('#mail-name').fill('Big claims monthly');
    await form.locator('#mail-preset').selectOption('monthly');
    await form.getByLabel('Day of the month').selectOption('15');
    await form.getByLabel('Time', { exact: true }).fill('06:30');
    await form.locator('#mail-format').selectOption('csv');
    await form.getByLabel('Smallest amount').fill('250');
    await page.screenshot({ path: `${SHOTS}/mailing-edit.png`, fullPage: true });
    await form.getByRole('button', { name: 'Save mailing' }).click();
    await row.getByTestId('report-schedule-params').getByText('min: 250').waitFor();
    await expect(row.innerText()).resolves.toMatch(/Big claims monthly[\s\S]*30 6 15 \* \*[\s\S]*CSV/);
    await expect(stored()).resolves.toMatchObject([
      { name: 'Big claims monthly', format: 'csv', parameters: { min: 250 } },
    ]);

    // Pause and resume: no next run while paused.
    await mailing.getByLabel('Pause Big claims monthly').click({ force: true });
    await expect.poll(async () => (await stored())[0]!.active).toBe(false);
    await row.getByText('Paused').waitFor();
    await mailing.getByLabel('Resume Big claims monthly').click({ force: true });
    await expect.poll(async () => (await stored())[0]!.active).toBe(true);
    await row.getByText('Active', { exact: true }).waitFor();
    await mailing.screenshot({ path: `${SHOTS}/mailing-list.png` });

    // Delete, after confirming.
    page.once('dialog', (d) => void d.accept());
    await mailing.getByRole('button', { name: 'Delete Big claims monthly' }).click();
    await row.waitFor({ state: 'detached' });
    await expect(stored()).resolves.toEqual([]);
    await page.close();
  }, 60_000);
});
