import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, pageData, signInPage, useWeb } from '../support/web.js';

describe('webhooks on /webhooks in Chromium', () => {
  // One attempt per delivery here, so a failure is final at once and the replay is what sends it again.
  const web = useWeb({ WEBHOOK_RETRY_DELAYS_MS: '0' });
  const got: { type: string; title: unknown; verified: boolean }[] = [];
  const rx = { secret: '', fail: 1 };
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (rx.fail > 0) {
        rx.fail--;
        return res.writeHead(503, { 'content-type': 'text/plain' }).end('receiver asleep');
      }
      let verified = true;
      try {
        new Webhook(rx.secret).verify(body, req.headers as Record<string, string>);
      } catch {
        verified = false;
      }
      const b = JSON.parse(body) as { type: string; data: { record: { fields?: { title?: unknown } } } };
      got.push({ type: b.type, title: b.data.record.fields?.title, verified });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/flowforms`;
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli/tenant.ts', 'set-private-egress', 'demo', 'on'],
      { cwd: path.resolve(import.meta.dirname, '../..'), env: { ...process.env, DATA_DIR: web.server.dataDir } },
    );
  });
  afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

  it('adds a signed webhook, shows a failed delivery in the log and replays it', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    // An app whose records the webhook hears.
    const created = await pageData<{ id: string }>(page, 'POST', '/api/form/Editor/CreateProcessFromScratch', {
      name: 'Site visits',
    });
    await pageData(page, 'POST', `/api/form/Editor/SaveForm?id=${created.id}`, {
      module: {
        display_name: 'Site visits',
        fieldGroups: [
          { id: 'g', label: 'Visit', rows: [{ fields: [{ name: 'title', label: 'Title', fieldType: 'text' }] }] },
        ],
      },
    });
    await pageData(page, 'POST', `/api/form/Editor/publish?id=${created.id}`, {});

    await page.goto(`${web.origin}/webhooks`);
    await page.getByText('No webhooks yet').waitFor();
    await page.getByRole('button', { name: 'New webhook' }).click();
    await page.getByLabel('Name').fill('Visits to the ERP');
    await page.getByLabel('Address (URL)').fill(url);
    await page.getByRole('checkbox', { name: 'Record created' }).check({ force: true });
    await page.getByRole('checkbox', { name: 'Site visits' }).check({ force: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The webhook has been saved.').waitFor();
    rx.secret = (await page.getByTestId('webhook-secret').innerText()).trim();
    expect(rx.secret).toMatch(/^whsec_/);
    await page.screenshot({ path: '/tmp/webhook-saved.png' });

    // A record filled in and submitted on its form, as staff do.
    const hookPage = page.url();
    await page.goto(`${web.origin}/task-editor/${created.id}`);
    await page.locator('#field-title').fill('Depot inspection');
    await page.getByRole('button', { name: /^Submit/ }).click();
    await page.getByText('The record has been submitted.').waitFor();
    await page.goto(hookPage);
    // An app without a workflow completes at submit: created, submitted, completed. The receiver turns the first away.
    const failed = page.getByTestId('attempt-failed');
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return failed.count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await expect.poll(() => got.length, { timeout: 15_000 }).toBe(2);
    await expect(failed.innerText()).resolves.toContain('503');
    await expect(failed.innerText()).resolves.toContain('receiver asleep');
    await page.screenshot({ path: '/tmp/webhook-log.png', fullPage: true });

    await failed.getByRole('button', { name: 'Send attempt 1 again' }).click();
    await page.getByText('1 delivery will be sent again').waitFor();
    await expect.poll(() => got.length, { timeout: 15_000 }).toBe(3);
    expect(got.every((g) => g.verified)).toBe(true);
    expect(got.map((g) => g.type).sort()).toEqual(['record.completed', 'record.created', 'record.submitted']);
    expect(new Set(got.map((g) => g.title))).toEqual(new Set(['Depot inspection']));
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return page.getByTestId('attempt-delivered').count();
        },
        { timeout: 15_000 },
      )
      .toBe(3);

    await page.getByRole('link', { name: 'All webhooks' }).click();
    const row = page.getByTestId('webhook-row-Visits to the ERP');
    await expect.poll(() => row.locator('td').allInnerTexts()).toEqual(expect.arrayContaining(['On', '3 events']));
    await page.close();
  });
});
