import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, signInPage, useWeb } from '../support/web.js';

describe('key-value lists on /referencedata in Chromium', () => {
  const web = useWeb();

  it('creates a category and a list with ordered values, finds it, and shows the server’s refusal', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1366, height: 850 } });
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    await page.goto(`${web.origin}/referencedata`);
    await page.getByText('No lists yet: create the first one').waitFor();
    await page.fill('#refdata-new-category', 'Finance');
    await page.getByRole('button', { name: 'Add category' }).click();
    await page.getByText('Category Finance added').waitFor();

    await page.getByRole('button', { name: 'New list' }).click();
    await page.waitForURL(/\/referencedata\/new$/);
    await page.fill('#kv-key-name', 'cost$centres');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Key name: Cannot contain special characters').waitFor();
    await page.fill('#kv-key-name', 'cost_centres');
    await page.fill('#kv-description', 'Where an expense is booked');
    await page.getByText('Finance', { exact: true }).click();
    await page.getByLabel('Key 1', { exact: true }).fill('ops');
    await page.getByLabel('Value 1', { exact: true }).fill('Operations');
    await page.getByRole('button', { name: 'Add value' }).click();
    await page.getByLabel('Key 2', { exact: true }).fill('rnd');
    await page.getByLabel('Value 2', { exact: true }).fill('Research');
    await page.getByRole('button', { name: 'Move value 2 up' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The list has been saved.').waitFor();
    await page.waitForURL(/\/referencedata\/[0-9a-f-]{36}$/);
    await page.reload();
    await expect.poll(() => page.getByLabel('Key 1', { exact: true }).inputValue()).toBe('rnd');
    expect(await page.getByLabel('Value 2', { exact: true }).inputValue()).toBe('Operations');

    await page.getByRole('link', { name: 'All lists' }).click();
    const row = page.getByTestId('list-row-cost_centres');
    await row.waitFor();
    expect(await row.locator('td').allInnerTexts()).toEqual(
      expect.arrayContaining(['cost_centres', 'Where an expense is booked', 'Finance', '2']),
    );
    await page.getByLabel('Search lists').fill('nothing like it');
    await page.getByText('No list matches').waitFor();
    await page.getByLabel('Search lists').fill('EXPENSE');
    await row.waitFor();
    // A form's dropdown reads the options any signed-in user may see.
    const options = await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('auth.token')!).token as string;
      const r = await fetch('/api/permissible-list/dataset?key_name=cost_centres', {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await r.json()).data.options;
    });
    expect(options).toEqual([
      { value: 'rnd', label: 'Research' },
      { value: 'ops', label: 'Operations' },
    ]);

    // Deleting asks first; the list is then gone from the page and from forms.
    await row.getByRole('link', { name: 'cost_centres' }).click();
    await page.getByRole('button', { name: 'Delete list' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete list' }).click();
    await page.getByText('The list has been deleted.').waitFor();
    await page.waitForURL(/\/referencedata$/);
    await page.getByText('No lists yet: create the first one').waitFor();
    await page.close();
  });

  it('creates a dataset from a CSV file with a preview, edits, adds, moves and finds rows inline, and exports it', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1366, height: 850 }, acceptDownloads: true });
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    await page.goto(`${web.origin}/referencedata`);
    await page.getByText('No datasets yet: create one or import a CSV or XLSX file').waitFor();
    await page.getByRole('button', { name: 'Import a file' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Dataset name').fill('Cost centres');
    const bad = 'Code,Name,Budget\nCC-1,Head office,12000\nCC-1,Sales,8000\n';
    await dialog
      .locator('#import-file')
      .setInputFiles({ name: 'centres.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await dialog.getByText("Row 3, code: The key 'CC-1' is also on row 2").waitFor();
    expect(await dialog.getByRole('button', { name: 'Import 2 rows' }).isDisabled()).toBe(true);
    const good = 'Code,Name,Budget\nCC-1,Head office,12000\nCC-2,Sales,8000\nCC-3,Research,500\n';
    await dialog
      .locator('#import-file')
      .setInputFiles({ name: 'centres.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await dialog.getByRole('cell', { name: 'Research' }).waitFor();
    await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
    await page.waitForURL(/\/referencedata\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Cost centres' }).waitFor();
    await page.getByText('Rows: 3').waitFor();

    // Edit a row in place; a bad number is caught before any request.
    await page.getByRole('button', { name: 'Edit row CC-2' }).click();
    await page.getByLabel('Budget of CC-2').fill('many');
    await page.getByLabel('Budget of CC-2').press('Enter');
    await page.getByText('Budget must be a number').waitFor();
    await page.getByLabel('Budget of CC-2').fill('9000');
    await page.getByLabel('Name of CC-2').fill('Sales, North');
    await page.getByLabel('Name of CC-2').press('Enter');
    await expect
      .poll(() => page.getByTestId('row-CC-2').locator('td').allInnerTexts())
      .toEqual(expect.arrayContaining(['CC-2', 'Sales, North', '9000']));
    // Add a row at the foot; a key already used is refused by the server, with its message.
    await page.getByLabel('Code of new row').fill('CC-1');
    await page.getByLabel('Name of new row').fill('Copy');
    await page.getByRole('button', { name: 'Add row' }).click();
    await page.getByText("The key 'CC-1' is already in this dataset").first().waitFor();
    await page.getByLabel('Code of new row').fill('CC-4');
    await page.getByRole('button', { name: 'Add row' }).click();
    await page.getByText('Row CC-4 added').waitFor();
    await page.getByRole('button', { name: 'Move row CC-4 up' }).click();
    const keys = () => page.locator('table[aria-label="Rows"] tbody tr[data-testid] td:first-child').allInnerTexts();
    await expect.poll(keys).toEqual(['CC-1', 'CC-2', 'CC-4', 'CC-3']);
    await page.getByLabel('Search rows').fill('north');
    await expect.poll(keys).toEqual(['CC-2']);
    await page.getByText('Rows 1–1 of 1').waitFor();
    await page.getByLabel('Search rows').fill('');
    await expect.poll(keys).toHaveLength(4);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const lines = fs
      .readFileSync(file, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toEqual([
      'Code,Name,Budget',
      'CC-1,Head office,12000',
      'CC-2,"Sales, North",9000',
      'CC-4,Copy,',
      'CC-3,Research,500',
    ]);

    // The dataset shows on /referencedata with its columns and rows; the administrator may add the User Extension.
    await page.getByRole('link', { name: 'All reference data' }).click();
    const row = page.getByTestId('dataset-row-Cost centres');
    await expect
      .poll(() => row.locator('td').allInnerTexts())
      .toEqual(expect.arrayContaining(['Cost centres', 'Code, Name, Budget', '4']));
    await page.getByRole('button', { name: 'Create the User Extension' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Add column' }).click();
    await page.getByLabel('Heading of column 2').fill('Employee number');
    await page.getByLabel('Stored name of column 2').fill('employee_no');
    await page.getByLabel('Type of column 2').selectOption('number');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'User Extension' }).waitFor();
    await page.getByLabel('User name of new row').fill('admin');
    await page.getByLabel('Employee number of new row').fill('7');
    await page.getByRole('button', { name: 'Add row' }).click();
    await page.getByText('Row admin added').waitFor();
    await page.close();
  });
});
