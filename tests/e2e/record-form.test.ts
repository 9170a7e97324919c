import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { leaveRequest } from '../fixtures/definitions.js';
import { signInPage, useWeb } from '../support/web.js';

/** Creates, saves and publishes an app through the API from inside the signed-in page. */
async function publishApp(page: Page, definition: unknown, name = 'Leave requests'): Promise<string> {
  return page.evaluate(
    async ([def, appName]) => {
      const token = JSON.parse(localStorage.getItem('auth.token')!).token as string;
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
      const created = await (
        await fetch('/api/form/Editor/CreateProcessFromScratch', {
          method: 'POST',
          headers,
          body: JSON.stringify({ name: appName }),
        })
      ).json();
      const id = created.data.id as string;
      await fetch(`/api/form/Editor/SaveForm?id=${id}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ module: def }),
      });
      const pub = await (
        await fetch(`/api/form/Editor/publish?id=${id}`, { method: 'POST', headers, body: '{}' })
      ).json();
      if (!pub.success) throw new Error(pub.message);
      return id;
    },
    [definition, name] as const,
  );
}

describe('a published definition renders, validates and saves in Chromium', () => {
  const web = useWeb();

  it('shows every field type, every validation message, computed values, and saves', async () => {
    const origin = `${web.origin}`;
    const page = await web.browser.newPage();
    await signInPage(page, origin, 'admin', 'Admin-Pass-123');
    const moduleId = await publishApp(page, leaveRequest);

    await page.goto(`${origin}/item-editor/${moduleId}`);
    for (const g of leaveRequest.fieldGroups)
      for (const row of g.rows)
        for (const f of row.fields)
          if (f.name !== 'doctor_note') await page.locator(`.ff-type-${f.fieldType}`).first().waitFor();

    const err = (text: string) => page.getByText(text, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    for (const m of [
      'Full name is required',
      'Email is required',
      'Kind is required',
      'Start is required',
      'End is required',
      'I accept the terms is required',
    ])
      await err(m);

    const name = page.locator('#field-full_name');
    await name.fill(' Ada');
    await err('Cannot start with a space');
    await name.fill('9 Ada');
    await err('Cannot start with a number');
    await name.fill('Ada@Home');
    await err('Cannot contain special characters');
    await name.fill('A'.repeat(41));
    await err('Cannot exceed 40 characters');
    await name.fill('Ada Lovelace');
    await page.fill('#field-secret', 'abc');
    await err('Minimum 4 characters');
    await page.fill('#field-secret', 'x'.repeat(257));
    await err('Maximum 256 characters');
    await page.fill('#field-secret', 'abcd');
    await page.fill('#field-email', 'nope');
    await err('Email is not valid');
    await page.fill('#field-email', 'ada@example.com');
    await page.fill('#field-employee_no', '4.5');
    await err('The field should have digits only');
    await page.fill('#field-employee_no', '45');

    await page.selectOption('#field-kind', 'sick');
    await err('Doctor note is required');
    await page.selectOption('#field-kind', 'annual');
    await expect(page.locator('#field-doctor_note').count()).resolves.toBe(0);

    await page.fill('#field-start', '2026-12-10');
    await page.fill('#field-end', '2026-12-01');
    await err('End must be on or after the start');
    await page.fill('#field-end', '2026-12-12');
    await expect(page.inputValue('#field-days')).resolves.toBe('3.00');
    await expect(page.inputValue('#field-cost')).resolves.toBe('300.00');
    await page.check('#field-terms', { force: true }); // Blueprint draws its indicator over the native input
    await page.getByRole('radio', { name: '4' }).click();
    await page.fill('#field-start_time', '09:30:00');
    await page.fill('#field-returns_at', '2026-12-13T08:15');
    await page.check('#field-paid', { force: true });
    await page.locator('#field-documents').getByText('Note').click();
    // Rich text is edited in its editor: type, then bold the next word from the toolbar.
    await page.locator('#field-notes').click();
    await page.keyboard.type('Back ');
    await page.locator('.ff-type-richtext').getByRole('button', { name: 'Bold', exact: true }).click();
    await page.keyboard.type('soon');
    await page.fill(
      '#field-notes_html',
      '<img src=x onerror="window.__xss=1"><a href="javascript:window.__xss=2">x</a><svg onload="window.__xss=3"></svg>',
    );
    await expect(page.locator('.ff-type-richtext-html .richtext-preview').innerHTML()).resolves.not.toMatch(
      /onerror|javascript:|<svg|onload/,
    );
    await expect(page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).resolves.toBeUndefined();
    // The calculated variants follow their inputs.
    await expect(page.inputValue('#field-summary')).resolves.toBe('Ada Lovelace — 3 days');
    await expect(page.inputValue('#field-end_date')).resolves.toBe('2026-12-12');
    await expect(page.inputValue('#field-end_at')).resolves.toBe('2026-12-12T17:00:00Z');
    await expect(page.inputValue('#field-contact')).resolves.toBe('ada@example.com');
    await expect(page.inputValue('#field-start_at')).resolves.toBe('09:30:00');
    await expect(page.inputValue('#field-long_leave')).resolves.toBe('✗');

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(new RegExp(`/item-editor/${moduleId}/[0-9a-f-]{36}$`));
    await page.reload();
    await expect(page.inputValue('#field-full_name')).resolves.toBe('Ada Lovelace');
    await expect(page.inputValue('#field-reference')).resolves.toBe('LR-0001');
    await expect(page.inputValue('#field-cost')).resolves.toBe('300.00');
    await expect(page.inputValue('#field-start_time')).resolves.toBe('09:30:00');
    await expect(page.isChecked('#field-paid')).resolves.toBe(true);
    await expect(page.locator('#field-notes strong').textContent()).resolves.toBe('soon');
    await page.close();
  });

  it('paints a big form section by section and keeps every field: the last one is filled and saved', async () => {
    const page = await web.browser.newPage();
    await signInPage(page, web.origin, 'admin', 'Admin-Pass-123');
    // 300 fields in ten sections of thirty.
    const fieldGroups = Array.from({ length: 10 }, (_, s) => ({
      id: `s${s}`,
      label: `Part ${s + 1}`,
      rows: Array.from({ length: 10 }, (_, r) => ({
        fields: Array.from({ length: 3 }, (_, c) => {
          const i = s * 30 + r * 3 + c;
          return { name: `f_${i}`, label: `Field ${i}`, fieldType: 'text' };
        }),
      })),
    }));
    const moduleId = await publishApp(page, { display_name: 'Inspection', fieldGroups }, 'Inspection');
    await page.goto(`${web.origin}/item-editor/${moduleId}`);
    await page.locator('#field-f_0').waitFor();
    await page.locator('#field-f_299').fill('Last of three hundred');
    await expect.poll(() => page.locator('[id^="field-f_"]').count()).toBe(300);
    await expect(page.locator('.ff-section h5').allTextContents()).resolves.toEqual(
      Array.from({ length: 10 }, (_, s) => `Part ${s + 1}`),
    );
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(new RegExp(`/item-editor/${moduleId}/[0-9a-f-]{36}$`));
    await page.reload();
    await expect(page.locator('#field-f_299').inputValue()).resolves.toBe('Last of three hundred');
    await page.close();
  });
});
