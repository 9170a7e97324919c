import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/auth.js';
import { testDialects } from '../support/databases.js';
import { ACME, BRAVO, useOffice } from '../support/office.js';
import { finishedJob, invoiceApp } from '../api/ocr-rules-fixture.js';

const RULE = { field: 'invoiceNo', kind: 'label', label: 'Invoice No', direction: 'right' };
const BOX = { x: 300, y: 200, width: 60, height: 20 };

/** OCR rules belong to one app of one tenant; only designers write them; hints come from the user's own jobs. */
describe.each(await testDialects())('OCR rule attacks on %s', (dialect) => {
  const o = useOffice(dialect, [{ username: 'dana', isFullUser: true }, 'sam', 'pat'], { bravo: true });
  let moduleId = '';
  const put = (who: string, id: string, payload: unknown) =>
    o.t.app.inject({
      method: 'PUT',
      url: `/api/ocr/rules/${id}`,
      headers: bearer(o.tok[who]!, who === 'bravo' ? BRAVO : ACME),
      payload: payload as object,
    });
  const saved = async () => (await o.get('dana', `/api/ocr/rules/${moduleId}`)).json().data.rules;
  beforeAll(async () => {
    moduleId = await invoiceApp(o, 'Invoices');
    // Only sam (and the designers, through the designer) may create records of the app.
    await o.tdb
      .updateTable('modules')
      .set({ permission: JSON.stringify({ rules: { create: { users: [o.id.sam] } } }) })
      .where('id', '=', moduleId)
      .execute();
    expect((await put('dana', moduleId, { rules: [RULE] })).statusCode).toBe(200);
  });

  it("hides and protects an app's rules from another tenant", async () => {
    const read = await o.get('bravo', `/api/ocr/rules/${moduleId}`);
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('Invoice No');
    expect((await put('bravo', moduleId, { rules: [] })).statusCode).toBe(404);
    const hint = await o.post('bravo', `/api/ocr/hints/${moduleId}`, {
      jobId: 'x',
      corrections: [{ field: 'vendor', value: 'v', page: 1, box: BOX }],
    });
    expect(hint.statusCode).toBe(404);
    expect(await saved()).toEqual([RULE]);
  });

  it('lets only designers write rules; users read them only with the create right', async () => {
    for (const who of ['sam', 'pat']) {
      const res = await put(who, moduleId, { rules: [] });
      expect(res.statusCode, who).toBe(403);
      expect(res.json().success).toBe(false);
    }
    expect((await o.get('sam', `/api/ocr/rules/${moduleId}`)).statusCode).toBe(200);
    const pat = await o.get('pat', `/api/ocr/rules/${moduleId}`);
    expect(pat.statusCode).toBe(403);
    expect(pat.body).not.toContain('Invoice No');
    expect(await saved()).toEqual([RULE]);
  });

  it('refuses patterns that could stall the server or cannot run in linear time', async () => {
    for (const pattern of ['(a)\\1', '(?<=x)\\d', '(?!x)\\d', 'a{1000}{1000}', 'x'.repeat(501)]) {
      const res = await put('dana', moduleId, { rules: [{ field: 'total', kind: 'pattern', pattern }] });
      expect(res.statusCode, pattern.slice(0, 20)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect(await saved()).toEqual([RULE]);
  });

  it('refuses oversized payloads before they are stored', async () => {
    const many = await put('dana', moduleId, { rules: Array.from({ length: 201 }, () => RULE) });
    expect(many.statusCode).toBe(400);
    const huge = await put('dana', moduleId, {
      rules: Array.from({ length: 150 }, () => ({ ...RULE, label: 'L'.repeat(2000) })),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ success: false, message: 'The request body is too large.' });
    const jobId = await finishedJob(o, 'sam', moduleId);
    const corrections = Array.from({ length: 51 }, () => ({ field: 'vendor', value: 'v', page: 1, box: BOX }));
    expect((await o.post('sam', `/api/ocr/hints/${moduleId}`, { jobId, corrections })).statusCode).toBe(400);
    expect(await saved()).toEqual([RULE]);
  });

  it("takes hints only from the user's own finished job of that app, and only with the create right", async () => {
    const body = (jobId: string) => ({
      jobId,
      corrections: [{ field: 'invoiceNo', value: 'INV-77', page: 1, box: BOX }],
    });
    const samJob = await finishedJob(o, 'sam', moduleId);
    const patJob = await finishedJob(o, 'pat', moduleId);
    expect((await o.post('pat', `/api/ocr/hints/${moduleId}`, body(patJob))).statusCode).toBe(403);
    const other = await o.post('admin', `/api/ocr/hints/${moduleId}`, body(samJob));
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ success: false, message: 'OCR job not found' });
    const otherApp = await invoiceApp(o, 'Receipts');
    expect((await o.post('sam', `/api/ocr/hints/${otherApp}`, body(samJob))).statusCode).toBe(404);
    expect(await o.tdb.selectFrom('ocr_hints').selectAll().execute()).toEqual([]);
    const own = await o.post('sam', `/api/ocr/hints/${moduleId}`, body(samJob));
    expect(own.json().data).toEqual({
      saved: 1,
      hints: [{ field: 'invoiceNo', label: 'Invoice No', direction: 'right' }],
    });
  });
});
