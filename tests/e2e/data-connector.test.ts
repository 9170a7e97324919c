import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import fs from 'node:fs';
import { generate } from 'selfsigned';
import { listen } from 'soap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, pageData, signInPage, useWeb } from '../support/web.js';

describe('security headers on /data-connector in Chromium', () => {
  const web = useWeb();

  it('adds a credential set whose secret is never shown again, and keeps it on edit', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1366, height: 850 } });
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    await page.goto(`${web.origin}/data-connector`);
    await page.getByText('No security headers yet').waitFor();
    await page.getByRole('button', { name: 'New security header' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Parts service');
    await dialog.getByLabel('Kind').selectOption('oauth2');
    await dialog.getByLabel('Token URL').fill('https://auth.example.com/token');
    await dialog.getByLabel('Client id').fill('flowforms');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The secret is required').waitFor();
    await dialog.getByLabel('Client secret').fill('s3cret-value');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The security header has been saved.').waitFor();
    const row = page.getByTestId('header-row-Parts service');
    await expect
      .poll(() => row.locator('td').allInnerTexts())
      .toEqual(expect.arrayContaining(['Parts service', 'OAuth2 client credentials', 'Stored, encrypted']));

    await row.getByRole('button', { name: 'Edit Parts service' }).click();
    await dialog.getByText('A secret is stored. Leave this empty to keep it, or type a new one.').waitFor();
    expect(await dialog.getByLabel('Client secret').inputValue()).toBe('');
    await dialog.getByLabel('Scope (optional)').fill('parts.read');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The first save's toast may still show: wait for the edit itself to be stored.
    const stored = () =>
      pageData<{ data: { settings: object; hasSecret: boolean }[] }>(
        page,
        'POST',
        '/api/dataconnector/securityheader/datatables',
        {},
      );
    await expect.poll(async () => (await stored()).data[0]?.settings).toMatchObject({ scope: 'parts.read' });
    const sets = await stored();
    expect(sets.data[0]).toMatchObject({ hasSecret: true, settings: { scope: 'parts.read' } });
    expect(JSON.stringify(sets)).not.toContain('s3cret-value');
    expect(await page.content()).not.toContain('s3cret-value');
    await page.close();
  });

  it('adds a client certificate whose key must match, and shows whom it names and until when', async () => {
    const mk = (cn: string) => generate([{ name: 'commonName', value: cn }], { keySize: 2048 } as never);
    const [mine, other] = await Promise.all([mk('acme-orders-client'), mk('someone-else')]);
    const page = await web.browser.newPage({ viewport: { width: 1366, height: 850 } });
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    await page.goto(`${web.origin}/data-connector`);
    await page.getByRole('button', { name: 'New security header' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Orders client certificate');
    await dialog.getByLabel('Kind').selectOption('certificate');
    await dialog.getByLabel('Certificate (PEM)').fill(mine.cert);
    await dialog.getByLabel('Private key (PEM)').fill(other.private);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The private key does not belong to the certificate').waitFor();
    await dialog.getByLabel('Private key (PEM)').fill(mine.private);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The security header has been saved.').waitFor();
    const row = page.getByTestId('header-row-Orders client certificate');
    await row.getByText('Certificate (X.509)').waitFor();
    await row.getByText(/^Valid until /).waitFor();
    await row.getByRole('button', { name: 'Edit Orders client certificate' }).click();
    await dialog.getByText(/Certificate: CN=acme-orders-client/).waitFor();
    expect(await dialog.getByLabel('Private key (PEM)').inputValue()).toBe('');
    await page.screenshot({ path: '/tmp/security-header-certificate.png' });
    expect(await page.content()).not.toContain(mine.private.split('\n')[1]!);
    await page.close();
  });

  describe('REST connectors', () => {
    /** A REST API of orders standing in for another system. */
    const orders = http.createServer((req, res) => {
      const customer = /\/customers\/([^/?]+)/.exec(req.url ?? '')?.[1] ?? '';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: [{ id: `o-${customer}`, total: 99.5, status: 'open' }] }));
    });
    let base = '';
    beforeAll(async () => {
      await new Promise<void>((r) => orders.listen(0, '127.0.0.1', r));
      base = `http://127.0.0.1:${(orders.address() as AddressInfo).port}`;
      await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'src/server/cli/tenant.ts', 'set-private-egress', 'demo', 'on'],
        { cwd: path.resolve(import.meta.dirname, '../..'), env: { ...process.env, DATA_DIR: web.server.dataDir } },
      );
    });
    afterAll(() => new Promise<void>((r) => orders.close(() => r())));

    it('browses a SOAP service described by its WSDL, picks an operation and calls it', async () => {
      const soapServer = http.createServer((_req, res) => res.writeHead(404).end());
      await new Promise<void>((r) => soapServer.listen(0, '127.0.0.1', r));
      const host = `127.0.0.1:${(soapServer.address() as AddressInfo).port}`;
      const wsdl = fs
        .readFileSync(path.resolve(import.meta.dirname, '../fixtures/orders.wsdl'), 'utf8')
        .replace('127.0.0.1:0', host);
      const service = {
        OrderService: {
          OrderPort: {
            GetOrder: (a: { customer: string }) => ({
              order: { id: `o-${a.customer}`, customer: a.customer, total: '7' },
            }),
          },
        },
      };
      listen(soapServer, '/orders', service, wsdl);
      try {
        const page = await web.browser.newPage({ viewport: { width: 1366, height: 850 } });
        await signInPage(page, web.origin, ...DEMO_ADMIN);
        await page.goto(`${web.origin}/data-connector/soap/new`);
        await page.getByLabel('Service description (WSDL) address').fill(`http://${host}/orders?wsdl`);
        // The server may still hold the organisation's settings from before private targets were allowed (5 s).
        const use = page.getByRole('button', { name: 'Use GetOrder' });
        await expect
          .poll(
            async () => {
              await page.getByRole('button', { name: 'Load its operations' }).click();
              return use.waitFor({ timeout: 1500 }).then(
                () => true,
                () => false,
              );
            },
            { timeout: 15_000 },
          )
          .toBe(true);
        await use.click();
        await expect.poll(() => page.getByLabel('Operation', { exact: true }).inputValue()).toBe('GetOrder');
        await page.getByLabel('Response path').fill('order');
        await page.getByLabel('customer', { exact: true }).fill('c7');
        await page.getByRole('button', { name: 'Run test' }).click();
        await expect.poll(() => page.getByTestId('connector-status').innerText()).toBe('200');
        expect(await page.getByTestId('connector-response').innerText()).toContain('o-c7');
        await page.getByLabel('Name', { exact: true }).fill('Order lookup');
        await page.getByRole('button', { name: 'Save' }).click();
        await page
          .getByText('SOAP connectors need request data and security unless a JSON workflow is used')
          .first()
          .waitFor();
        await page.close();
      } finally {
        await new Promise<void>((r) => soapServer.close(() => r()));
      }
    });

    it('configures a REST connector, tests it, picks columns to show, saves and copies it', async () => {
      const page = await web.browser.newPage({ viewport: { width: 1366, height: 850 } });
      await signInPage(page, web.origin, ...DEMO_ADMIN);
      await page.goto(`${web.origin}/data-connector`);
      await page.getByTestId('dc-type-rest').click();
      await page.getByText('No connectors of this kind yet').waitFor();
      await page.getByRole('button', { name: 'New connector' }).click();
      await page.getByLabel('Name', { exact: true }).fill('Customer orders');
      await page.getByLabel('Address', { exact: true }).fill(`${base}/customers/{{customer}}/orders`);
      await page.getByLabel('Response path').fill('data');
      // The test asks for the inputs the settings name, and shows the request as sent and the answer.
      await page.getByLabel('customer', { exact: true }).fill('c42');
      await page.getByRole('button', { name: 'Run test' }).click();
      await expect.poll(() => page.getByTestId('connector-status').innerText()).toBe('200');
      expect(await page.getByTestId('connector-request').innerText()).toContain(`GET ${base}/customers/c42/orders`);
      expect(await page.getByTestId('connector-response').innerText()).toContain('o-c42');
      await page.getByRole('checkbox', { name: 'total' }).check({ force: true });
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The connector has been saved.').waitFor();
      await page.waitForURL(/\/data-connector\/rest\/[0-9a-f-]{36}$/);
      const id = page.url().split('/').pop()!;
      const saved = await pageData<{ display_columns: object; inputs: string[] }>(
        page,
        'GET',
        `/api/dataconnector/${id}/detail`,
      );
      expect(saved).toMatchObject({
        display_columns: { available: ['id', 'total', 'status'], selected: ['total'] },
        inputs: ['customer'],
      });
      await page.getByRole('link', { name: 'Back to REST API' }).click();
      await page.getByRole('button', { name: 'Copy Customer orders' }).click();
      await page.getByText('The connector has been copied.').waitFor();
      await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Customer orders copy');
      await page.goto(`${web.origin}/data-connector`);
      await page.getByText('Connectors: 2').waitFor();
      await page.close();
    });

    it('a workflow step calls the connector: picked in the designer, called after the submit, then the process goes on', async () => {
      const page = await web.browser.newPage({ viewport: { width: 1500, height: 900 } });
      await signInPage(page, web.origin, ...DEMO_ADMIN);
      const app = await pageData<{ id: string }>(page, 'POST', '/api/form/Editor/CreateProcessFromScratch', {
        name: 'Customer calls',
      });
      await pageData(page, 'POST', `/api/form/Editor/SaveForm?id=${app.id}`, {
        module: {
          display_name: 'Customer calls',
          fieldGroups: [
            {
              id: 'g',
              label: 'Call',
              rows: [{ fields: [{ name: 'customer', label: 'Customer', fieldType: 'text' }] }],
            },
          ],
        },
      });
      await page.goto(`${web.origin}/form-editor/show/${app.id}/workflow`);
      await page.getByTestId('activity-start').waitFor();
      await page.getByTestId('palette-DataConnector').focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('activity-dataconnector-1').waitFor();
      const props = page.getByTestId('properties');
      await props.getByLabel('Data connector', { exact: true }).selectOption({ label: 'Customer orders' });
      await props.getByLabel('Tries').fill('2');
      const next = page.getByTestId('next-steps');
      await next.getByLabel('Done').selectOption('completed');
      await page.getByTestId('steps').getByText('Start').focus();
      await page.keyboard.press('Enter');
      await next.getByLabel('Done').selectOption('dataconnector-1');
      await page.screenshot({ path: '/tmp/workflow-connector-step.png' });
      await page.getByRole('button', { name: 'Save draft' }).click();
      await page.getByText('The workflow draft has been saved.').waitFor();
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByTestId('module-status').getByText('Published v1').waitFor();

      const sub = await pageData<{ recordId: string }>(page, 'POST', '/api/EntryModule/submit', {
        moduleId: app.id,
        data: { customer: 'c77' },
      });
      await expect
        .poll(
          async () =>
            (await pageData<{ status?: string; step: string }>(page, 'GET', `/api/EntryModule/${sub.recordId}/detail`))
              .step,
          { timeout: 15_000 },
        )
        .toBe('fs-complete');
      // The run log shows the step's call beside the designer's tests, with the request as sent.
      await page.goto(`${web.origin}/data-connector`);
      const log = page.getByRole('region', { name: 'Run log' });
      await log.getByLabel('Kind').selectOption('connector');
      const step = log.getByRole('row').filter({ hasText: 'A workflow step' }).first();
      await step.waitFor();
      await expect(step.innerText()).resolves.toContain(`GET ${base}/customers/c77/orders`);
      await step.getByRole('button', { name: 'Show the request and the answer' }).click();
      await log.locator('pre').filter({ hasText: '"o-c77"' }).waitFor();
      await page.screenshot({ path: '/tmp/run-log.png', fullPage: true });
      await page.close();
    });
  });
});
