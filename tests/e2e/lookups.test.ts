import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_ADMIN, pageData, signInPage, useWeb } from '../support/web.js';

/** Another system the remote lookup asks: ports by the start of their name. */
const PORTS = [
  { code: 'HAM', name: 'Hamburg' },
  { code: 'ROT', name: 'Rotterdam' },
  { code: 'RIG', name: 'Riga' },
];
let portHeaders: http.IncomingHttpHeaders = {};
const ports = http.createServer((req, res) => {
  portHeaders = req.headers;
  const q = (new URL(req.url ?? '/', 'http://x').searchParams.get('q') ?? '').toLowerCase();
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ ports: PORTS.filter((p) => p.name.toLowerCase().startsWith(q)) }));
});

/** Presses on a source and moves the mouse to a target in steps, the way dnd-kit's pointer sensor expects. */
async function drag(page: Page, from: Locator, to: Locator) {
  await from.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  const b = (await to.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.move(b.x + b.width / 2 + 1, b.y + b.height / 2 + 1, { steps: 2 });
  await page.mouse.up();
}

const text = (name: string, label: string) => ({ name, label, fieldType: 'text' });

async function publish(page: Page, name: string, fields: object[]) {
  const { id } = await pageData<{ id: string }>(page, 'POST', '/api/form/Editor/CreateProcessFromScratch', { name });
  const module = { display_name: name, fieldGroups: [{ id: 'g', label: 'Details', rows: [{ fields }] }] };
  await pageData(page, 'POST', `/api/form/Editor/SaveForm?id=${id}`, { module });
  await pageData(page, 'POST', `/api/form/Editor/publish?id=${id}`, {});
  return id;
}

describe('lookups and list-fed dropdowns in Chromium', () => {
  const web = useWeb();
  let portsUrl = '';
  beforeAll(async () => {
    await new Promise<void>((r) => ports.listen(0, '127.0.0.1', r));
    portsUrl = `http://127.0.0.1:${(ports.address() as AddressInfo).port}/ports`;
    // The ports service runs on 127.0.0.1, a private address the server calls only when the tenant allows it.
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli/tenant.ts', 'set-private-egress', 'demo', 'on'],
      { cwd: path.resolve(import.meta.dirname, '../..'), env: { ...process.env, DATA_DIR: web.server.dataDir } },
    );
  });
  afterAll(() => new Promise<void>((r) => ports.close(() => r())));

  it('designs a lookup filtered by another field, picks by typing, copies a value, and lists the label', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1366, height: 850 } });
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    const suppliers = await publish(page, 'Suppliers', [
      text('name', 'Name'),
      text('country', 'Country'),
      text('city', 'City'),
    ]);
    for (const [name, country, city] of [
      ['Acme Parts', 'DE', 'Berlin'],
      ['Alpha Tools', 'DE', 'Munich'],
      ['Bordeaux Vins', 'FR', 'Bordeaux'],
    ])
      await pageData(page, 'POST', '/api/EntryModule/submit', { moduleId: suppliers, data: { name, country, city } });
    const list = await pageData<{ id: string }>(page, 'POST', '/api/form/ListKeyValue/save', {
      key_name: 'channels',
      categories: [],
      values: [
        { key: 'web', value: 'Web shop' },
        { key: 'phone', value: 'Phone' },
      ],
    });
    // A dataset made from a CSV file feeds a dropdown that is searched on the server.
    const centres = await pageData<{ datasetId: string }>(page, 'POST', '/api/ReferenceData/import', {
      name: 'Cost centres',
      fileName: 'centres.csv',
      content: Buffer.from('Code,Name\nCC-1,Head office\nCC-2,Sales North\nCC-3,Research\n').toString('base64'),
      mode: 'append',
    });
    const purchases = await publish(page, 'Purchases', [
      text('country', 'Country'),
      text('supplier_city', 'Supplier city'),
      {
        name: 'channel',
        label: 'Channel',
        fieldType: 'dropdown',
        config: { options: [], multiple: false, listId: list.id },
      },
      { name: 'buyer', label: 'Buyer', fieldType: 'user', config: { teamId: '' } },
      {
        name: 'centre',
        label: 'Cost centre',
        fieldType: 'dropdown',
        config: { options: [], multiple: false, datasetId: centres.datasetId, labelColumn: 'name' },
      },
      {
        name: 'port',
        label: 'Port',
        fieldType: 'remote-lookup',
        config: {
          url: portsUrl,
          requestType: 'GET',
          headers: [],
          params: [{ name: 'q', type: 'data', value: '' }],
          body: [],
          submitAllFields: false,
          responseFormat: 'JSON',
          responsePath: 'ports',
          valueKey: 'code',
          labelKey: 'name',
          addGovHeaders: true,
        },
      },
    ]);

    // The designer: a lookup dropped on the form, pointed at Suppliers, filtered by this form's Country.
    await page.goto(`${web.origin}/form-editor/show/${purchases}`);
    await page.getByTestId('designer-canvas').waitFor();
    await drag(page, page.getByTestId('palette:lookup').locator('.fd-palette-drag'), page.getByTestId('row-0-0'));
    await page.getByTestId('field-lookup_1').click();
    await page.fill('#prop_label', 'Supplier');
    await page.locator('#lookup-app option', { hasText: 'Suppliers' }).waitFor({ state: 'attached' });
    await page.selectOption('#lookup-app', { label: 'Suppliers' });
    await page.locator('#lookup-display option', { hasText: 'Name' }).waitFor({ state: 'attached' });
    await page.selectOption('#lookup-display', 'name');
    await page.getByTestId('plugin-settings').locator('label.bp6-checkbox', { hasText: 'City' }).click();
    // "Test this lookup" runs the settings as they stand and shows the request and the answer.
    const tester = page.getByTestId('lookup-test');
    await tester.getByLabel('Type the start of a label').fill('alp');
    await tester.getByRole('button', { name: 'Test' }).click();
    await tester.getByRole('cell', { name: 'Alpha Tools' }).waitFor();
    expect(await tester.locator('pre').innerText()).toContain('"search": "alp"');
    await page.getByRole('button', { name: 'Add filter' }).click();
    const filter = page.getByTestId('lookup-filter');
    await filter.getByLabel('Field of that app').selectOption('country');
    await filter.getByLabel('Compare with').selectOption('Field');
    await filter.getByLabel('Value').selectOption('country');
    await page.getByRole('button', { name: 'Add copied value' }).click();
    const flow = page.getByTestId('lookup-flow');
    await flow.getByLabel('From field').selectOption('city');
    await flow.getByLabel('Into field').selectOption('supplier_city');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Version 2 has been published').waitFor();
    // The settings say which apps this form reads, and which of their fields it depends on.
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page
      .getByTestId('links-uses')
      .locator('tr', { hasText: 'Suppliers' })
      .getByText('name, city, country')
      .waitFor();

    // Filling in: nothing is asked of the server until the user reaches for a picker.
    const asked: string[] = [];
    page.on('request', (r) => {
      if (/RecordModuleLookup|permissible-list|ReferenceDataEntry/.test(r.url())) asked.push(r.url());
    });
    await page.goto(`${web.origin}/item-editor/${purchases}`);
    await page.locator('#field-lookup_1').waitFor();
    await page.waitForTimeout(300);
    expect(asked).toEqual([]);
    await page.fill('#field-country', 'DE');
    await page.locator('#field-lookup_1').click();
    const options = page.getByTestId('lookup-options');
    await expect
      .poll(() => options.locator('.bp6-menu-item').allInnerTexts())
      .toEqual([expect.stringContaining('Acme Parts'), expect.stringContaining('Alpha Tools')]);
    await page.locator('#field-lookup_1').fill('alp');
    await expect
      .poll(() => options.locator('.bp6-menu-item').allInnerTexts())
      .toEqual([expect.stringMatching(/Alpha Tools\s*Munich/)]);
    await options.getByText('Alpha Tools').click();
    await expect.poll(() => page.inputValue('#field-supplier_city')).toBe('Munich');
    expect(await page.inputValue('#field-lookup_1')).toBe('Alpha Tools');
    await page.locator('#field-channel').focus();
    await page.locator('#field-channel option', { hasText: 'Web shop' }).waitFor({ state: 'attached' });
    await page.selectOption('#field-channel', 'web');
    // The user picker: searched on the server by any word of a name.
    await page.locator('#field-buyer').click();
    await page.locator('#field-buyer').fill('admini');
    await page.getByTestId('lookup-options').getByText('Administrator').click();
    expect(await page.inputValue('#field-buyer')).toBe('Administrator');
    await page.locator('#field-centre').click();
    await page.locator('#field-centre').fill('nor');
    await expect
      .poll(() => page.getByTestId('lookup-options').locator('.bp6-menu-item').allInnerTexts())
      .toEqual(['Sales North']);
    await page.getByTestId('lookup-options').getByText('Sales North').click();
    // The remote lookup: the server asks the ports service with what is typed.
    await page.locator('#field-port').click();
    await page.locator('#field-port').fill('r');
    await expect
      .poll(() => page.getByTestId('lookup-options').locator('.bp6-menu-item').allInnerTexts())
      .toEqual(['Rotterdam', 'Riga']);
    await page.getByTestId('lookup-options').getByText('Riga').click();
    // The port service got the fraud prevention headers, with what this browser told about itself.
    expect(portHeaders['gov-client-window-size']).toBe('width=1366&height=850');
    expect(portHeaders['gov-client-device-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(portHeaders['gov-client-user-ids']).toBe('flowforms=admin');
    await page.getByRole('button', { name: /^Submit/ }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/item-editor'));

    // The record list shows the stored label; no lookup is asked to draw it.
    await page.goto(`${web.origin}/module/${purchases}`);
    await page.getByRole('cell', { name: 'Alpha Tools' }).waitFor();
    await expect.poll(() => page.getByRole('cell', { name: 'Administrator' }).count()).toBe(2); // Buyer and initiator
    await page.getByRole('cell', { name: 'Riga' }).waitFor();
    await page.getByRole('cell', { name: 'Sales North' }).waitFor();
    await page.close();
  });

  it('picks several items from another system and types freely with its suggestions', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1366, height: 850 } });
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    const request = {
      url: portsUrl,
      requestType: 'GET',
      headers: [],
      params: [{ name: 'q', type: 'data', value: '' }],
      body: [],
      submitAllFields: false,
      responseFormat: 'JSON',
      responsePath: 'ports',
      valueKey: 'code',
      labelKey: 'name',
    };
    const voyages = await publish(page, 'Voyages', [
      { name: 'calls', label: 'Calls', fieldType: 'multi-select-external', config: { ...request, maxItems: 5 } },
      {
        name: 'home',
        label: 'Home port',
        fieldType: 'input-external',
        config: { ...request, dataType: 'string', resultType: 'label' },
      },
    ]);
    await page.goto(`${web.origin}/item-editor/${voyages}`);
    await page.locator('#field-calls').click();
    await page.locator('#field-calls').fill('r');
    const options = page.getByTestId('lookup-options');
    await expect.poll(() => options.locator('.bp6-menu-item').allInnerTexts()).toEqual(['Rotterdam', 'Riga']);
    await options.getByText('Rotterdam').click();
    await options.getByText('Riga').click();
    await page.keyboard.press('Escape');
    // Suggestions arrive as the user types; anything typed is kept.
    await page.locator('#field-home').fill('ro');
    await expect
      .poll(() =>
        page
          .locator('#field-home-suggestions option')
          .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)),
      )
      .toEqual(['Rotterdam']);
    await page.locator('#field-home').fill('Rotterdam Europoort');
    await page.getByRole('button', { name: /^Submit/ }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/item-editor'));
    await page.goto(`${web.origin}/module/${voyages}`);
    await page.getByRole('cell', { name: 'Rotterdam, Riga' }).waitFor();
    await page.getByRole('cell', { name: 'Rotterdam Europoort' }).waitFor();
    await page.close();
  });

  it('shows calculated references as the form is filled and stores what the server finds', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1366, height: 850 } });
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    const parts = await publish(page, 'Parts', [
      text('name', 'Name'),
      { name: 'price', label: 'Price', fieldType: 'number' },
    ]);
    for (const [name, price] of [
      ['BOLT-8', 0.5],
      ['NUT-8', 0.25],
      ['GEAR-2', 12],
    ] as const)
      await pageData(page, 'POST', '/api/EntryModule/submit', { moduleId: parts, data: { name, price } });
    const lookup = {
      moduleId: parts,
      displayField: 'name',
      displayColumns: [],
      filters: [],
      sortType: 'Ascending',
      flowToLookUp: [],
    };
    const kits = await publish(page, 'Kits', [
      text('code', 'Part code'),
      { name: 'part', label: 'Part', fieldType: 'calculation-lookup', formula: 'UPPER(code)', config: lookup },
      { name: 'contents', label: 'Contents', fieldType: 'multi-select-reference', config: { ...lookup, maxItems: 5 } },
      {
        name: 'cost',
        label: 'Cost',
        fieldType: 'calculation-multiple-lookup',
        formula: 'contents',
        config: { moduleId: parts, column: 'price', fn: 'sum', decimalPlaces: 2 },
      },
      text('port_name', 'Port name'),
      {
        name: 'port',
        label: 'Port',
        fieldType: 'calculation-remote-lookup',
        config: {
          termField: 'port_name',
          url: portsUrl,
          requestType: 'GET',
          headers: [],
          params: [{ name: 'q', type: 'data', value: '' }],
          body: [],
          submitAllFields: false,
          responseFormat: 'JSON',
          responsePath: 'ports',
          valueKey: 'code',
          labelKey: 'name',
        },
      },
      {
        name: 'note',
        label: 'Note',
        fieldType: 'calculation-element',
        formula: 'CONCAT("Kit for ", code)',
        config: { tone: 'primary' },
      },
    ]);
    await page.goto(`${web.origin}/item-editor/${kits}`);
    await page.fill('#field-code', 'gear-2');
    await expect.poll(() => page.inputValue('#field-part')).toBe('GEAR-2');
    await page.locator('#field-note').getByText('Kit for gear-2').waitFor();
    await page.fill('#field-code', 'gear-9');
    await expect.poll(() => page.inputValue('#field-part')).toBe('No record named GEAR-9');
    await page.fill('#field-code', 'bolt-8');
    await page.locator('#field-contents').click();
    const options = page.getByTestId('lookup-options');
    await options.getByText('BOLT-8').click();
    await options.getByText('GEAR-2').click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.inputValue('#field-cost')).toBe('12.50');
    await page.fill('#field-port_name', 'rot');
    await expect.poll(() => page.inputValue('#field-port')).toBe('Rotterdam');
    await page.getByRole('button', { name: /^Submit/ }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/item-editor'));
    await page.goto(`${web.origin}/module/${kits}`);
    await page.getByRole('cell', { name: 'BOLT-8', exact: true }).waitFor();
    await page.getByRole('cell', { name: '12.5', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Rotterdam' }).waitFor();
    await page.close();
  });
});
