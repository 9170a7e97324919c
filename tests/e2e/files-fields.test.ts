import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, DEMO_USER, pageData, useWeb } from '../support/web.js';

/** A one-page PDF with a red square, its cross-reference table computed so any reader opens it as it is. */
function redSquarePdf(): Buffer {
  const content = '1 0 0 rg 20 20 160 160 re f';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) pdf += `${String(o).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** A real PNG of the given size drawn by the browser (a gradient, so it does not compress to nothing). */
async function drawPng(page: Page, width: number, height: number): Promise<Buffer> {
  const b64 = await page.evaluate(
    ([w, h]) => {
      const c = document.createElement('canvas');
      c.width = w!;
      c.height = h!;
      const g = c.getContext('2d')!;
      const grad = g.createLinearGradient(0, 0, w!, h!);
      grad.addColorStop(0, '#2d72d2');
      grad.addColorStop(1, '#f0b726');
      g.fillStyle = grad;
      g.fillRect(0, 0, w!, h!);
      return c.toDataURL('image/png').split(',')[1]!;
    },
    [width, height],
  );
  return Buffer.from(b64, 'base64');
}

/** The colour in the middle of a canvas, as [r, g, b, a]. */
const centrePixel = (el: Element) => {
  const c = el as HTMLCanvasElement;
  return Array.from(c.getContext('2d')!.getImageData(c.width / 2, c.height / 2, 1, 1).data);
};

const definition = {
  display_name: 'Site survey',
  fieldGroups: [
    {
      id: 'survey',
      label: 'Survey',
      rows: [
        { fields: [{ name: 'title', label: 'Title', fieldType: 'text', required: true }] },
        {
          fields: [
            { name: 'offer', label: 'Offer', fieldType: 'file', config: { accept: ['.pdf'], maxSizeMb: 1 } },
            {
              name: 'docs',
              label: 'Documents',
              fieldType: 'multi-file',
              config: { accept: ['.pdf', 'image/*', '.txt'], maxSizeMb: 1, maxFiles: 4 },
            },
            {
              name: 'photo',
              label: 'Photo',
              fieldType: 'image',
              config: { maxWidth: 400, maxHeight: 300, format: 'original', quality: 0.85, maxSizeMb: 5 },
            },
          ],
        },
      ],
    },
  ],
};

const workflow = (approver: string) => ({
  activities: [
    { activityId: 'start', type: 'StartProcess', displayName: 'Start', position: { left: 0, top: 0 } },
    {
      activityId: 'review',
      type: 'Assignment',
      displayName: 'Review',
      position: { left: 200, top: 0 },
      properties: { approvers: [{ type: 'user', id: approver }], approvalMode: 'any', taskType: 'Approval' },
    },
    { activityId: 'done', type: 'CompletedProcess', displayName: 'Completed', position: { left: 400, top: 0 } },
  ],
  connections: [
    { sourceActivityId: 'start', targetActivityId: 'review', outcome: 'Done' },
    { sourceActivityId: 'review', targetActivityId: 'done', outcome: 'Approved' },
  ],
  // The reviewer's step shows everything read-only: files must still open there.
  permissions: { defaults: {}, steps: { review: { survey: { editability: 'readonly' } } } },
});

describe('file, multi-file and image fields in Chromium', () => {
  const web = useWeb();
  let admin: Page;
  let staff: Page;
  let moduleId = '';
  const errors: string[] = [];

  async function signIn([username, password]: readonly [string, string]) {
    const page = await (await web.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${web.origin}/authentication/login`);
    await page.fill('#username', username);
    await page.fill('#password', password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('signed-in-name').first().waitFor();
    return page;
  }

  beforeAll(async () => {
    admin = await signIn(DEMO_ADMIN);
    staff = await signIn(DEMO_USER);
    const me = await pageData<{ uid: string }>(admin, 'GET', '/api/identity/Authentication/isAuthenticated');
    ({ id: moduleId } = await pageData<{ id: string }>(admin, 'POST', '/api/form/Editor/CreateProcessFromScratch', {
      name: 'Site surveys',
    }));
    await pageData(admin, 'POST', `/api/form/Editor/SaveForm?id=${moduleId}`, {
      module: definition,
      workflow: workflow(me.uid),
    });
    await pageData(admin, 'POST', `/api/form/Editor/publish?id=${moduleId}`, {});
  });

  it('uploads with progress, cancel, retry and remove; resizes a picture; the reviewer opens every file read-only', async () => {
    const pdf = redSquarePdf();
    const png = await drawPng(staff, 60, 40);
    const bigPng = await drawPng(staff, 1200, 900);

    // Uploads are held a moment so their progress shows; one is never answered (cancelled), one fails once.
    let flakyFailed = false;
    const discarded: string[] = [];
    staff.on('request', (r) => r.url().includes('/AWSS3/RemoveFileByKey') && discarded.push(r.url()));
    await staff.route('**/api/form/AWSS3/Upload**', async (route) => {
      const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
      if (body.includes('filename="hold.txt"')) return; // the user cancels it
      if (body.includes('filename="flaky.txt"') && !flakyFailed) {
        flakyFailed = true;
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, message: 'Storage is busy, try again' }),
        });
      }
      await new Promise((r) => setTimeout(r, 600));
      await route.continue().catch(() => undefined);
    });

    await staff.goto(`${web.origin}/task-editor/${moduleId}`);
    await staff.locator('#field-title').fill('North gate');

    // A type the field does not take is refused before sending, with a message.
    const offer = staff.locator('.ff-type-file');
    await staff.setInputFiles('#field-offer', { name: 'tool.exe', mimeType: 'application/x-msdownload', buffer: pdf });
    await offer.getByText('This type of file is not allowed here (allowed: .pdf)').waitFor();
    await offer.getByRole('button', { name: 'Dismiss tool.exe' }).click();
    await staff.setInputFiles('#field-offer', { name: 'offer.pdf', mimeType: 'application/pdf', buffer: pdf });
    await offer.locator('a[download="offer.pdf"]').waitFor();
    expect(await staff.locator('#field-offer').getAttribute('type')).toBeNull(); // one file: the input gave way

    // Several files at once: a progress row each, then a stored row each.
    const docs = staff.locator('.ff-type-multi-file');
    // Chosen from the keyboard: the field's one control is the file input, named by the field's label.
    await expect(staff.getByRole('button', { name: 'Documents' }).getAttribute('id')).resolves.toBe('field-docs');
    const chooser = staff.waitForEvent('filechooser');
    await staff.locator('#field-docs').focus();
    await staff.keyboard.press('Enter');
    await (
      await chooser
    ).setFiles([
      { name: 'plan.pdf', mimeType: 'application/pdf', buffer: pdf },
      { name: 'sketch.png', mimeType: 'image/png', buffer: png },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Gate is north-facing.\n') },
    ]);
    await expect.poll(() => docs.locator('.ff-upload-row[data-status="uploading"]').count()).toBe(3);
    await staff.screenshot({ path: '/tmp/files-progress.png' });
    await docs.getByRole('progressbar', { name: 'Uploading plan.pdf' }).waitFor();
    await expect.poll(() => docs.locator('.ff-file-item').count()).toBe(3);
    expect(await docs.locator('.ff-upload-row').count()).toBe(0);
    // Thumbnails: the picture itself and page 1 of the PDF drawn by pdf.js (a red square).
    await expect
      .poll(() => docs.locator('.ff-thumb img').evaluate((i) => (i as HTMLImageElement).naturalWidth))
      .toBe(60);
    await expect.poll(() => docs.locator('.ff-thumb-pdf canvas').evaluate(centrePixel)).toEqual([255, 0, 0, 255]);

    // Dropped on the drop zone; cancelled while uploading: the row goes and nothing is added.
    const dropped = await staff.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['x'], 'hold.txt', { type: 'text/plain' }));
      return dt;
    });
    await docs.locator('.ff-dropzone').dispatchEvent('drop', { dataTransfer: dropped });
    await docs.getByRole('button', { name: 'Cancel the upload of hold.txt' }).click();
    await expect.poll(() => docs.locator('.ff-upload-row').count()).toBe(0);
    // A failure shows the server's message; retry sends it again.
    await staff.setInputFiles('#field-docs', { name: 'flaky.txt', mimeType: 'text/plain', buffer: Buffer.from('y') });
    await docs.getByText('Upload failed: Storage is busy, try again').waitFor();
    await staff.screenshot({ path: '/tmp/files-failed.png' });
    await docs.getByRole('button', { name: 'Try flaky.txt again' }).click();
    await docs.locator('a[download="flaky.txt"]').waitFor();
    expect(await docs.locator('.ff-file-item').count()).toBe(4);
    expect(await staff.locator('#field-docs').getAttribute('type')).toBeNull(); // full: four of four
    // Removing a file uploaded in this session and not saved deletes the upload too; once saved, it stays stored.
    await docs.getByRole('button', { name: 'Remove notes.txt' }).click();
    await expect.poll(() => discarded.length).toBe(1);
    expect(await docs.locator('.ff-file-item').count()).toBe(3);
    await staff.getByRole('button', { name: 'Save draft' }).click();
    await staff.waitForURL(new RegExp(`/item-editor/${moduleId}/[0-9a-f-]{36}$`));
    await docs.getByRole('button', { name: 'Remove flaky.txt' }).click();
    await expect.poll(() => docs.locator('.ff-file-item').count()).toBe(2);
    await staff.waitForTimeout(300);
    expect(discarded).toHaveLength(1);

    // A picture larger than the field's bounds is shrunk in the browser before it is sent.
    const photo = staff.locator('.ff-type-image');
    await staff.setInputFiles('#field-photo', { name: 'gate.png', mimeType: 'image/png', buffer: bigPng });
    await photo.getByText(/400 × 300/).waitFor();
    await expect
      .poll(() => photo.locator('.ff-image-preview img').evaluate((i) => (i as HTMLImageElement).naturalWidth))
      .toBe(400);
    await staff.locator('.ff-type-multi-file').scrollIntoViewIfNeeded();
    await staff.screenshot({ path: '/tmp/files-form.png', fullPage: true });

    await staff.getByRole('button', { name: /^Submit/ }).click();
    await staff.waitForURL(new RegExp(`/task-editor/${moduleId}/[0-9a-f-]{36}$`));
    const recordId = staff.url().split('/').pop()!;
    const saved = await pageData<{ data: Record<string, unknown> }>(
      staff,
      'GET',
      `/api/EntryModule/${recordId}/detail`,
    );
    expect(saved.data.photo).toMatchObject({ fileName: 'gate.png', width: 400, height: 300, contentType: 'image/png' });
    // In the order the uploads finished.
    expect((saved.data.docs as { fileName: string }[]).map((f) => f.fileName).sort()).toEqual([
      'plan.pdf',
      'sketch.png',
    ]);

    // The reviewer (not the uploader) opens the task: every file opens, nothing can be uploaded or removed. The
    // picture's download is made to fail here, so its placeholder shows.
    const photoKey = (saved.data.photo as { key: string }).key;
    await admin.route(`**/GetFile?key=${photoKey}*`, (route) => route.abort());
    await admin.goto(`${web.origin}/tasks`);
    await admin.locator('tr', { hasText: 'Site surveys' }).filter({ hasText: 'Review' }).first().click();
    await admin.waitForURL(new RegExp(`/task-editor/${moduleId}/${recordId}/`));
    const link = admin.locator('.ff-type-file a[download="offer.pdf"]');
    await link.waitFor();
    await admin.locator('.ff-type-multi-file a[download="sketch.png"]').waitFor();
    expect(await admin.locator('.ff-type-multi-file .ff-file-item').count()).toBe(2);
    expect(await admin.locator('input[type="file"]').count()).toBe(0);
    expect(await admin.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    const got = await admin.evaluate(
      async (href) => {
        const res = await fetch(href);
        return { status: res.status, bytes: Array.from(new Uint8Array(await res.arrayBuffer())) };
      },
      (await link.getAttribute('href'))!,
    );
    expect(got.status).toBe(200);
    expect(Buffer.from(got.bytes).equals(pdf)).toBe(true);
    await expect
      .poll(() => admin.locator('.ff-type-file .ff-thumb-pdf canvas').evaluate(centrePixel))
      .toEqual([255, 0, 0, 255]);
    await admin.locator('.ff-type-image').getByRole('img', { name: 'Image not available' }).waitFor();
    await admin.screenshot({ path: '/tmp/files-readonly.png' });

    // A permalink holds no token: the page asks the server, which checks the reviewer's access through the record.
    const offerKey = (saved.data.offer as { key: string }).key;
    await admin.goto(`${web.origin}/permalink/file?key=${offerKey}&recordId=${recordId}`);
    await admin.getByRole('heading', { name: 'offer.pdf' }).waitFor();
    const permalink = admin.getByRole('button', { name: 'Download' });
    expect(await permalink.getAttribute('href')).toContain(`recordId=${recordId}`);
    await admin.screenshot({ path: '/tmp/files-permalink.png' });
    // Without the record it names, the reviewer (not the uploader) gets nothing.
    await admin.goto(`${web.origin}/permalink/file?key=${offerKey}`);
    await admin.getByRole('heading', { name: 'File not found' }).waitFor();
    expect(errors).toEqual([]);
  });
});
