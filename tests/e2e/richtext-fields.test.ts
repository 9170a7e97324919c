import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { WORD_CLIPBOARD_HTML } from '../../runtime/react/richtext/word-sample.js';
import { DEMO_ADMIN, pageData, signInPage, useWeb } from '../support/web.js';

/** An 8×8 orange PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGO46aOFFTEMLQkA5WhTwXoSmjcAAAAASUVORK5CYII=',
  'base64',
);

async function publish(page: Page, name: string, fields: object[]) {
  const { id } = await pageData<{ id: string }>(page, 'POST', '/api/form/Editor/CreateProcessFromScratch', { name });
  const module = { display_name: name, fieldGroups: [{ id: 'g', label: 'Details', rows: [{ fields }] }] };
  await pageData(page, 'POST', `/api/form/Editor/SaveForm?id=${id}`, { module });
  await pageData(page, 'POST', `/api/form/Editor/publish?id=${id}`, {});
  return id;
}

/** Pastes clipboard HTML into an element the way a browser does (a paste event carrying a DataTransfer). */
function paste(page: Page, selector: string, html: string) {
  return page.evaluate(
    ([sel, content]) => {
      const data = new DataTransfer();
      data.setData('text/html', content);
      data.setData('text/plain', 'Quarterly report');
      const target = document.querySelector(sel)!;
      target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    [selector, html] as const,
  );
}

describe('rich-text fields in Chromium', () => {
  const web = useWeb();

  it('formats, links, tables, pastes from Word and inserts a stored picture; the record shows it read-only', async () => {
    // A context of its own: the accessibility scan needs one.
    const context = await web.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    const moduleId = await publish(page, 'Minutes', [
      { name: 'body', label: 'Body', fieldType: 'richtext' },
      { name: 'raw', label: 'Raw', fieldType: 'richtext-html' },
    ]);
    await page.goto(`${web.origin}/item-editor/${moduleId}`);

    const field = page.locator('.ff-type-richtext');
    const editor = page.locator('#field-body');
    await editor.locator('xpath=self::*[@contenteditable="true"]').waitFor();
    expect(await editor.getAttribute('aria-labelledby')).toBeTruthy();
    const tool = (name: string) => field.getByRole('toolbar').getByRole('button', { name, exact: true });

    // A word made bold from the toolbar, whose button then reads as pressed.
    await editor.click();
    await page.keyboard.type('Hello world');
    for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowLeft');
    await tool('Bold').click();
    await expect.poll(() => tool('Bold').getAttribute('aria-pressed')).toBe('true');
    await editor.locator('strong', { hasText: 'world' }).waitFor();

    // A heading, then a bulleted list; Enter on an empty item leaves the list.
    await page.keyboard.press('End');
    await tool('Bold').click();
    await expect.poll(() => tool('Bold').getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Plan');
    await tool('Heading 2').click();
    await editor.locator('h2', { hasText: 'Plan' }).waitFor();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await tool('Bulleted list').click();
    await page.keyboard.type('First');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Second');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect.poll(() => editor.locator('ul > li').count()).toBe(2);

    // A link: an unsafe address is refused, a bare host becomes https.
    await page.keyboard.type('Docs');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowLeft');
    await tool('Link').click();
    await page.locator('#field-body-link').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Only web (http, https) and e-mail addresses can be linked').waitFor();
    await page.locator('#field-body-link').fill('example.com/docs');
    await page.locator('#field-body-link').press('Enter');
    await editor.locator('a[href="https://example.com/docs"]', { hasText: 'Docs' }).waitFor();
    await page.keyboard.press('End');

    // A 3×3 table with a header row, then one row more.
    await page.keyboard.press('Enter');
    await tool('Table').click();
    await page.getByRole('button', { name: 'Insert a 3 × 3 table' }).click();
    await editor.locator('table').waitFor();
    // The caret goes into the first cell after the table is drawn: put it there, so no keystroke lands before it.
    await editor.locator('table th').first().click();
    await page.keyboard.type('Owner');
    await tool('Table').click();
    await page.getByRole('button', { name: 'Add row below' }).click();
    await expect.poll(() => editor.locator('table tr').count()).toBe(4);
    expect(await editor.locator('table th').first().textContent()).toBe('Owner');

    // Word's clipboard after the table: headings, lists and bold survive, Office's markup does not.
    // Into the empty paragraph after the table. The table menu's popover gives the focus (and the selection in the
    // table) back when it closes, so it must be closed first; a typed mark proves where the caret is.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.bp6-popover').count()).toBe(0);
    const after = editor.locator(':scope > p').last();
    await after.click();
    await page.keyboard.type('#');
    await expect.poll(() => after.textContent()).toBe('#');
    await page.keyboard.press('Backspace');
    await paste(page, '#field-body', WORD_CLIPBOARD_HTML);
    await editor.locator('h1', { hasText: 'Quarterly report' }).waitFor();
    const pasted = await editor.innerHTML();
    expect(pasted).not.toMatch(/mso-|Mso|o:p|<span|font-family|class="Mso|lang=/);
    expect(await editor.locator('ul li ul li', { hasText: 'In Germany' }).count()).toBe(1);
    expect(await editor.locator('ol li').allTextContents()).toEqual(['Hire', 'Expand']);
    expect(await editor.locator('a[href^="javascript"]').count()).toBe(0);

    // A picture uploaded to the file store through the toolbar, shown through the viewer's own link.
    await page.keyboard.press('Control+End');
    await page.setInputFiles('#field-body-image', { name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    const img = editor.locator('img');
    await img.waitFor();
    await expect.poll(() => img.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(8);

    // The HTML variant opens in its source view and switches to the visual editor.
    const raw = page.locator('.ff-type-richtext-html');
    await page.locator('#field-raw').fill('<p>Raw <em>html</em></p>');
    await raw.locator('.richtext-preview em', { hasText: 'html' }).waitFor();
    await raw.getByRole('button', { name: 'HTML source' }).click();
    await raw.locator('[contenteditable="true"] em', { hasText: 'html' }).waitFor();
    await page.locator('#field-raw').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' more');
    await raw.getByRole('button', { name: 'HTML source' }).click();
    await expect.poll(() => page.locator('#field-raw').inputValue()).toBe('<p>Raw <em>html more</em></p>');

    // Serious or critical accessibility problems in the editors, their toolbars and their popovers: none.
    const scan = await new AxeBuilder({ page })
      .include('.ff-type-richtext')
      .include('.ff-type-richtext-html')
      .analyze();
    expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );

    await field.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/richtext-form.png', fullPage: true });

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(new RegExp(`/item-editor/${moduleId}/[0-9a-f-]{36}$`));
    const recordId = page.url().split('/').pop()!;
    await page.locator('#field-body[contenteditable="true"] img').waitFor();
    await page.getByRole('button', { name: /^Submit/ }).click();
    await page.getByText('The record has been submitted.').waitFor();

    // The stored HTML: the formatting, the table and the picture by its bare link, never a token.
    const detail = await pageData<{ data: { body: string; raw: string } }>(
      page,
      'GET',
      `/api/EntryModule/${recordId}/detail`,
    );
    const body = detail.data.body;
    expect(body).toContain('<strong>world</strong>');
    expect(body).toContain('<h2>Plan</h2>');
    expect(body).toMatch(/<ul><li><p>First<\/p><\/li><li><p>Second<\/p><\/li><\/ul>/);
    expect(body).toMatch(
      /<table><tbody><tr><th><p>Owner<\/p><\/th>(<th><p><\/p><\/th>){2}<\/tr>(<tr>(<td><p><\/p><\/td>){3}<\/tr>){3}/,
    );
    expect(body).toContain('<a rel="noopener noreferrer" href="https://example.com/docs">Docs</a>');
    expect(body).toContain('<h1>Quarterly report</h1>');
    expect(body).toMatch(/<img src="\/api\/form\/AWSS3\/GetFile\?key=[A-Za-z0-9_-]{32}" alt="dot" \/>/);
    expect(body).not.toMatch(/token|recordId|mso|style=/i);
    expect(detail.data.raw).toBe('<p>Raw <em>html more</em></p>');

    // Read-only: no editor, the sanitized HTML, the picture loading through this viewer's link.
    await page.goto(`${web.origin}/task-editor/${moduleId}/${recordId}`);
    const shown = page.locator('#field-body');
    await shown.locator('h2', { hasText: 'Plan' }).waitFor();
    expect(await page.locator('.ff-type-richtext [contenteditable="true"]').count()).toBe(0);
    expect(await page.locator('.ff-type-richtext [role="toolbar"]').count()).toBe(0);
    await shown.locator('table').waitFor();
    const shownImg = shown.locator('img');
    expect(await shownImg.getAttribute('src')).toMatch(/GetFile\?key=[A-Za-z0-9_-]{32}&x-token=.+&recordId=/);
    await expect.poll(() => shownImg.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(8);
    await page.screenshot({ path: '/tmp/richtext-readonly.png', fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
