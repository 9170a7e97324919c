import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bwipjs from 'bwip-js/node';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { DEMO_ADMIN, pageData, signInPage } from '../support/web.js';

const W = 320;
const H = 240;

/**
 * A YUV4MPEG2 clip of a QR code for Chromium's fake camera: a few identical 4:2:0 frames, black modules on white,
 * centred with a quiet zone.
 */
function qrClip(text: string, frames = 5): Buffer {
  const matrix = bwipjs.raw('qrcode', text, {})[0]!;
  if (!('pixs' in matrix)) throw new Error('a QR code is a matrix');
  const { pixs, pixx, pixy } = matrix;
  const unit = Math.floor(Math.min(W, H) / (Math.max(pixx, pixy) + 8));
  const x0 = Math.floor((W - pixx * unit) / 2);
  const y0 = Math.floor((H - pixy * unit) / 2);
  const luma = Buffer.alloc(W * H, 255);
  for (let y = 0; y < pixy * unit; y++)
    for (let x = 0; x < pixx * unit; x++)
      if (pixs[Math.floor(y / unit) * pixx + Math.floor(x / unit)]) luma[(y0 + y) * W + x0 + x] = 0;
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F5:1 Ip A1:1 C420jpeg\n`), ...Array(frames).fill(frame)]);
}

const qrPng = (text: string) => bwipjs.toBuffer({ bcid: 'qrcode', text, scale: 4, paddingwidth: 4, paddingheight: 4 });

const CAMERA_CODE = 'SKU-42;Blue widget';
const PHOTO_CODE = 'SKU-77;Red gadget';

const text = (name: string, label: string) => ({ name, label, fieldType: 'text' });
const fields = [
  [
    {
      name: 'label_code',
      label: 'Label code',
      fieldType: 'barcode',
      config: { symbology: 'ean13', showText: true, size: 'medium' },
    },
  ],
  [
    {
      name: 'scan',
      label: 'Scanned code',
      fieldType: 'barcode-scanner',
      config: {
        formats: ['QRCode'],
        payload: 'delimited',
        separator: ';',
        mapping: [
          { part: '1', field: 'sku' },
          { part: '2', field: 'item' },
        ],
        continuous: false,
        tableSection: '',
      },
    },
  ],
  [text('sku', 'SKU'), text('item', 'Item')],
];

async function publish(page: Page, name: string): Promise<string> {
  const { id } = await pageData<{ id: string }>(page, 'POST', '/api/form/Editor/CreateProcessFromScratch', { name });
  const module = {
    display_name: name,
    fieldGroups: [{ id: 'g', label: 'Delivery', rows: fields.map((f) => ({ fields: f })) }],
  };
  await pageData(page, 'POST', `/api/form/Editor/SaveForm?id=${id}`, { module });
  await pageData(page, 'POST', `/api/form/Editor/publish?id=${id}`, {});
  return id;
}

describe('barcode and barcode-scanner fields in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let origin = '';
  let dir = '';
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'barcode-e2e-'));
    const clip = path.join(dir, 'qr.y4m');
    fs.writeFileSync(clip, qrClip(CAMERA_CODE));
    server = await startServer();
    origin = `http://demo.localhost:${server.port}`;
    browser = await launchBrowser([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${clip}`,
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('draws a code, reads codes typed by a scanner, from a photo and from the camera, fills mapped fields, saves', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInPage(page, origin, ...DEMO_ADMIN);
    const moduleId = await publish(page, 'Goods in');
    await page.goto(`${origin}/item-editor/${moduleId}`);

    // The barcode field checks the EAN-13 check digit and draws the code as SVG.
    const code = page.locator('#field-label_code');
    await code.fill('4006381333932');
    await code.press('Tab');
    await page.getByText('The EAN-13 check digit is wrong: it should be 1').waitFor();
    await code.fill('4006381333931');
    const drawn = page.locator('.ff-type-barcode figure img');
    await expect.poll(() => drawn.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent((await drawn.getAttribute('src'))!)).toContain('<svg');
    await expect(page.locator('.ff-type-barcode figcaption').innerText()).resolves.toBe('4006381333931');

    // A keyboard-wedge scanner types the code and Enter: the parts fill the mapped fields, the form is not sent.
    const url = page.url();
    await page.locator('#field-scan').click();
    await page.keyboard.type('SKU-9;Green');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.inputValue('#field-sku')).toBe('SKU-9');
    expect(await page.inputValue('#field-item')).toBe('Green');
    expect(page.url()).toBe(url);

    // A photo of a code.
    await page
      .locator('.ff-type-barcode-scanner input[type=file]')
      .setInputFiles({ name: 'label.png', mimeType: 'image/png', buffer: await qrPng(PHOTO_CODE) });
    await expect.poll(() => page.inputValue('#field-scan'), { timeout: 20_000 }).toBe(PHOTO_CODE);
    expect(await page.inputValue('#field-sku')).toBe('SKU-77');
    expect(await page.inputValue('#field-item')).toBe('Red gadget');

    // The (fake) camera: the dialog shows the video and closes by itself once the code is read.
    // The code can be read within a frame or two, so the dialog may close before a poll sees it: a mutation observer
    // set up before the click notes that the video was shown.
    await page.evaluate(() => {
      const seen = window as unknown as { sawCameraVideo?: boolean };
      new MutationObserver(() => {
        if (document.querySelector('[role=dialog] video')) seen.sawCameraVideo = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: 'Scan a code with the camera' }).click();
    await expect.poll(() => page.inputValue('#field-scan'), { timeout: 20_000 }).toBe(CAMERA_CODE);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { sawCameraVideo?: boolean }).sawCameraVideo)).toBe(true);
    expect(await page.inputValue('#field-sku')).toBe('SKU-42');
    expect(await page.inputValue('#field-item')).toBe('Blue widget');
    await page.getByText(`Read: ${CAMERA_CODE}`).waitFor();
    await page.screenshot({ path: '/tmp/barcode-form.png', fullPage: true });

    const submitted = page.waitForResponse((r) => r.url().includes('/api/EntryModule/submit'));
    await page.getByRole('button', { name: /^Submit/ }).click();
    const { data } = (await (await submitted).json()) as { data: { recordId: string } };
    const record = await pageData<{ data: Record<string, unknown> }>(
      page,
      'GET',
      `/api/EntryModule/${data.recordId}/detail`,
    );
    expect(record.data).toMatchObject({
      label_code: '4006381333931',
      scan: CAMERA_CODE,
      sku: 'SKU-42',
      item: 'Blue widget',
    });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fills the rows of a table section one scan after another', async () => {
    const page = await browser.newPage();
    await signInPage(page, origin, ...DEMO_ADMIN);
    const { id } = await pageData<{ id: string }>(page, 'POST', '/api/form/Editor/CreateProcessFromScratch', {
      name: 'Stock count',
    });
    const scanner = {
      name: 'scan',
      label: 'Scanned code',
      fieldType: 'barcode-scanner',
      config: {
        formats: ['QRCode'],
        payload: 'delimited',
        separator: ';',
        mapping: [
          { part: '1', field: 'sku_1' },
          { part: '2', field: 'qty_1' },
        ],
        continuous: true,
        tableSection: 'Items',
      },
    };
    const rows = [1, 2].map((i) => ({ fields: [text(`sku_${i}`, `SKU ${i}`), text(`qty_${i}`, `Quantity ${i}`)] }));
    const module = {
      display_name: 'Stock count',
      fieldGroups: [
        { id: 'head', label: 'Count', rows: [{ fields: [scanner] }] },
        { id: 'items', label: 'Items', isTable: true, rows },
      ],
    };
    await pageData(page, 'POST', `/api/form/Editor/SaveForm?id=${id}`, { module });
    await pageData(page, 'POST', `/api/form/Editor/publish?id=${id}`, {});
    await page.goto(`${origin}/item-editor/${id}`);
    // Two codes from a keyboard-wedge scanner: each fills the next empty row; a third finds the table full.
    for (const code of ['A-1;3', 'B-2;7', 'C-3;1']) {
      await page.locator('#field-scan').fill('');
      await page.locator('#field-scan').click();
      await page.keyboard.type(code);
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => page.inputValue('#field-sku_1')).toBe('A-1');
    expect(await page.inputValue('#field-qty_1')).toBe('3');
    expect(await page.inputValue('#field-sku_2')).toBe('B-2');
    expect(await page.inputValue('#field-qty_2')).toBe('7');
    await page.locator('.ff-type-barcode-scanner').getByText('Every row of the table is filled.').waitFor();
    await page.close();
  });

  it('says so when the camera is refused, and a photo still fills the fields', async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    const page = await context.newPage();
    await signInPage(page, origin, ...DEMO_ADMIN);
    const moduleId = await publish(page, 'Goods returned');
    await page.goto(`${origin}/item-editor/${moduleId}`);
    await page.getByRole('button', { name: 'Scan a code with the camera' }).click();
    await page.getByText(/^The camera may not be used\./).waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page
      .locator('.ff-type-barcode-scanner input[type=file]')
      .setInputFiles({ name: 'label.png', mimeType: 'image/png', buffer: await qrPng(PHOTO_CODE) });
    await expect.poll(() => page.inputValue('#field-sku'), { timeout: 20_000 }).toBe('SKU-77');
    await context.close();
  });
});
