import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, pageData, signInPage, useWeb } from '../support/web.js';

async function publish(page: Page, name: string, rows: { fields: object[] }[]) {
  const { id } = await pageData<{ id: string }>(page, 'POST', '/api/form/Editor/CreateProcessFromScratch', { name });
  const module = { display_name: name, fieldGroups: [{ id: 'g', label: 'Details', rows }] };
  await pageData(page, 'POST', `/api/form/Editor/SaveForm?id=${id}`, { module });
  await pageData(page, 'POST', `/api/form/Editor/publish?id=${id}`, {});
  return id;
}

const PAD = '#field-sig';

interface Stored {
  key: string;
  contentType: string;
  strokes: number[][][];
  signedBy: { id: string; label: string };
  signedOn: string;
  version: number;
}

/** The pad's bitmap and CSS sizes, and how many of its pixels carry ink (not white). */
function padState(page: Page) {
  return page.$eval(PAD, (el) => {
    const c = el as HTMLCanvasElement;
    const px = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let ink = 0;
    for (let i = 0; i < px.length; i += 4) if (px[i]! < 200 && px[i + 3]! > 0) ink++;
    return { ink, width: c.width, height: c.height, cssWidth: c.clientWidth, cssHeight: c.clientHeight };
  });
}

/** Draws one stroke with the mouse through points given as fractions of the pad. */
async function stroke(page: Page, points: [number, number][]) {
  const box = (await page.locator(PAD).boundingBox())!;
  const at = ([x, y]: [number, number]) => [box.x + x * box.width, box.y + y * box.height] as const;
  await page.mouse.move(...at(points[0]!));
  await page.mouse.down();
  for (const p of points.slice(1)) await page.mouse.move(...at(p), { steps: 10 });
  await page.mouse.up();
}

const zigzag: [number, number][] = [
  [0.1, 0.6],
  [0.2, 0.3],
  [0.3, 0.7],
  [0.4, 0.3],
  [0.5, 0.6],
];
const loop: [number, number][] = [
  [0.55, 0.5],
  [0.7, 0.2],
  [0.85, 0.5],
  [0.7, 0.8],
  [0.6, 0.5],
];

describe('signature field in Chromium', () => {
  const web = useWeb();

  it('draws, undoes, clears, survives a resize sharply, uploads the PNG and shows who signed', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1200, height: 900 }, deviceScaleFactor: 2 });
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    const moduleId = await publish(page, 'Delivery notes', [
      { fields: [{ name: 'ref', label: 'Reference', fieldType: 'text' }] },
      {
        fields: [
          {
            name: 'sig',
            label: 'Received by',
            fieldType: 'signature',
            required: true,
            config: { penColor: '#1c2a6b', background: 'white', height: 180 },
          },
        ],
      },
    ]);
    await page.goto(`${web.origin}/item-editor/${moduleId}`);
    await page.fill('#field-ref', 'DN-1');
    // The pad library loads on demand; then the bitmap is sized for the pixel ratio.
    await expect
      .poll(async () => {
        const s = await padState(page);
        return s.width === s.cssWidth * 2 && s.height === 360 ? 'sized' : JSON.stringify(s);
      })
      .toBe('sized');
    const undo = page.getByRole('button', { name: 'Undo' });
    const clear = page.getByRole('button', { name: 'Clear' });
    await expect(undo.isDisabled()).resolves.toBe(true);

    await stroke(page, zigzag);
    const one = (await padState(page)).ink;
    expect(one).toBeGreaterThan(100);
    await stroke(page, loop);
    const two = (await padState(page)).ink;
    expect(two).toBeGreaterThan(one * 1.5);
    await undo.click();
    // Repainted from the kept (rounded) points: the first stroke again, within a few pixels.
    await expect.poll(async () => Math.abs((await padState(page)).ink - one) / one).toBeLessThan(0.1);
    // Keyboard: Clear is reached and pressed without the mouse.
    await clear.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await padState(page)).ink).toBe(0);
    await expect(undo.isDisabled()).resolves.toBe(true);

    await stroke(page, zigzag);
    const uploaded = page.waitForResponse((r) => r.url().includes('/AWSS3/Upload') && r.status() === 200);
    await stroke(page, loop);
    await uploaded;
    await page.getByText('Saving the signature…').waitFor({ state: 'hidden' });
    const before = await padState(page);
    expect(before.ink).toBeGreaterThan(one);
    await page.locator('.ff-type-signature').screenshot({ path: '/tmp/signature-form.png' });

    // Narrower and back: the strokes are redrawn at the new width on a bitmap at twice the CSS size of the pad as it
    // is laid out now (the observer follows every layout pass).
    const settled = async (narrower: boolean) => {
      const s = await padState(page);
      const sized = s.width === s.cssWidth * 2 && s.height === s.cssHeight * 2;
      return sized && (narrower ? s.cssWidth < before.cssWidth : s.cssWidth === before.cssWidth);
    };
    await page.setViewportSize({ width: 900, height: 900 });
    await expect.poll(() => settled(true)).toBe(true);
    const narrow = await padState(page);
    expect(narrow.ink).toBeGreaterThan(before.ink * (narrow.cssWidth / before.cssWidth) ** 2 * 0.5);
    await page.setViewportSize({ width: 1200, height: 900 });
    await expect.poll(() => settled(false)).toBe(true);
    const back = await padState(page);
    expect(Math.abs(back.ink - before.ink) / before.ink).toBeLessThan(0.1);

    // Saved: the server stamps the drawing with the saver, the time and the record version.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(new RegExp(`/item-editor/${moduleId}/[0-9a-f-]{36}$`));
    const recordId = /([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname)![1]!;
    const stored = async () =>
      (await pageData<{ data: Record<string, unknown> }>(page, 'GET', `/api/EntryModule/${recordId}/detail`)).data
        .sig as Stored;
    const first = await stored();
    expect(first.contentType).toBe('image/png');
    expect(first.strokes).toHaveLength(2);
    expect(first.signedBy.label).toBeTruthy();
    expect(Date.now() - Date.parse(first.signedOn)).toBeLessThan(120_000);
    expect(first.version).toBe(1);
    const caption = page.getByText(`Signed by ${first.signedBy.label} on`);
    await caption.waitFor();
    await expect.poll(async () => (await padState(page)).ink).toBeGreaterThan(one);

    // Signed on further: the stamp goes until the server gives the new drawing its own.
    const again = page.waitForResponse((r) => r.url().includes('/AWSS3/Upload') && r.status() === 200);
    await stroke(page, [
      [0.1, 0.85],
      [0.9, 0.85],
    ]);
    await again;
    await caption.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: /^Submit/ }).click();
    await page.waitForURL(new RegExp(`/task-editor/${moduleId}/${recordId}`));
    const sig = await stored();
    expect(sig.strokes).toHaveLength(3);
    expect(sig.key).not.toBe(first.key);
    expect(sig.signedBy).toEqual(first.signedBy);
    expect(Date.parse(sig.signedOn)).toBeGreaterThan(Date.parse(first.signedOn));
    expect(sig.version).toBe(2);

    // Read-only: the image through the record, and who signed when.
    await page.goto(`${web.origin}/item-editor/${moduleId}/${recordId}`);
    const img = page.locator('.ff-type-signature img.signature-image');
    await img.waitFor();
    await expect
      .poll(() => img.evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth))
      .toBe(600);
    await page.getByText(`Signed by ${sig.signedBy.label} on`).waitFor();
    await expect(page.locator(`.ff-type-signature canvas`).count()).resolves.toBe(0);
    await page.locator('.ff-type-signature').screenshot({ path: '/tmp/signature-readonly.png' });

    // An image that does not load leaves a placeholder, and the stamp stays readable.
    await page.route('**/AWSS3/GetFile**', (r) => r.fulfill({ status: 404, body: '' }));
    await page.reload();
    await page.getByRole('img', { name: 'The signature image could not be loaded' }).waitFor();
    await page.getByText(`Signed by ${sig.signedBy.label} on`).waitFor();
    await page.close();
  });
});
