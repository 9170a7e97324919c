import { beforeAll, describe, expect, it } from 'vitest';
import { useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';

const D = '/api/ReferenceData';
const E = '/api/ReferenceDataEntry';
const b64 = (s: string) => Buffer.from(s).toString('base64');

/** Reference datasets: writes only for designers, nothing across tenants or datasets, hostile files stay data. */
describe.each(await testDialects())('reference dataset attacks on %s', (dialect) => {
  const o = useOffice(dialect, [{ username: 'dana', isFullUser: true }, 'sam'], { bravo: true });
  let id = '';
  let other = '';
  let rowId = '';
  const rows = async (datasetId = id) =>
    (await o.post('dana', `${D}/datatables`, { datasetId, length: 100 })).json().data.data as {
      id: string;
      key: string;
      data: Record<string, unknown>;
    }[];

  beforeAll(async () => {
    const r = await o.post('dana', `${D}/import`, {
      name: 'Suppliers',
      fileName: 's.csv',
      content: b64('Code,Name\nS1,Acme\nS2,"=HYPERLINK(""http://evil.example"",""click"")"\nS3,+1-555'),
      mode: 'append',
    });
    id = r.json().data.datasetId;
    const o2 = await o.post('dana', `${D}/save`, { name: 'Other', columns: [{ key: 'k', label: 'K', type: 'text' }] });
    other = o2.json().data.id;
    rowId = (await rows())[0]!.id;
  });

  it('refuses a regular user every designer call, and leaves the dataset as it was', async () => {
    for (const [method, url, body] of [
      ['GET', `${D}/ListDataset`],
      ['GET', `${D}/getDataset?id=${id}`],
      ['POST', `${D}/save`, { id, name: 'Mine', columns: [{ key: 'x', label: 'X', type: 'text' }] }],
      ['POST', `${D}/delete`, { id }],
      ['POST', `${D}/datatables`, { datasetId: id }],
      ['POST', `${D}/import`, { datasetId: id, fileName: 'a.csv', content: b64('Code\nX'), mode: 'replace' }],
      ['GET', `${D}/export?id=${id}`],
      ['POST', `${E}/AddRow`, { datasetId: id, data: { code: 'S9' } }],
      ['POST', `${E}/batch`, { datasetId: id, delete: [rowId] }],
    ] as const) {
      const r = method === 'GET' ? await o.get('sam', url) : await o.post('sam', url, body);
      expect(r.statusCode, url).toBe(403);
    }
    expect(await rows()).toHaveLength(3);
  });

  it("never reads, exports or changes another tenant's dataset, even by its ids", async () => {
    expect((await o.get('bravo', `${D}/getDataset?id=${id}`)).statusCode).toBe(404);
    expect((await o.get('bravo', `${D}/ListDataset?search=Suppliers`)).json().data).toEqual([]);
    expect((await o.post('bravo', `${D}/datatables`, { datasetId: id })).statusCode).toBe(404);
    expect((await o.get('bravo', `${D}/export?id=${id}`)).statusCode).toBe(404);
    expect((await o.get('bravo', `${E}/GetDataByKey?datasetId=${id}&key=S1`)).statusCode).toBe(404);
    expect((await o.post('bravo', `${E}/batch`, { datasetId: id, delete: [rowId] })).statusCode).toBe(404);
    expect((await o.post('bravo', `${D}/delete`, { id })).statusCode).toBe(404);
    const overwrite = await o.post('bravo', `${D}/save`, {
      id,
      name: 'X',
      columns: [{ key: 'x', label: 'X', type: 'text' }],
    });
    expect(overwrite.statusCode).toBe(404);
    expect(await rows()).toHaveLength(3);
  });

  it("never reaches a row of one dataset through another's id", async () => {
    const r = await o.post('dana', `${E}/batch`, { datasetId: other, update: [{ id: rowId, data: { k: 'x' } }] });
    expect(r.statusCode).toBe(404);
    const moved = await o.post('dana', `${E}/batch`, { datasetId: other, move: [{ id: rowId, beforeId: null }] });
    expect(moved.statusCode).toBe(404);
    await o.post('dana', `${E}/batch`, { datasetId: other, delete: [rowId] });
    expect((await rows()).map((x) => x.id)).toContain(rowId);
  });

  it('keeps formulas from an imported file as text, and exports them so no spreadsheet runs them', async () => {
    const stored = (await rows()).find((r) => r.key === 'S2')!;
    expect(stored.data.name).toBe('=HYPERLINK("http://evil.example","click")');
    const csv = (await o.get('dana', `${D}/export?id=${id}&format=csv`)).body;
    expect(csv).toContain(`S2,"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(csv).toContain("S3,'+1-555");
  });

  it('takes hostile search text as plain text', async () => {
    for (const search of ["' or '1'='1", '%', '_', '\\']) {
      const r = await o.post('dana', `${D}/datatables`, { datasetId: id, search });
      expect(r.statusCode).toBe(200);
      expect(r.json().data.data).toEqual([]);
    }
    const cursor = await o.post('dana', `${D}/datatables`, { datasetId: id, cursor: 'not-a-cursor' });
    expect(cursor.json()).toEqual({ success: false, message: 'The cursor is not one this list gave' });
  });

  it('refuses unreadable, oversized and malformed files with a clear message and stores nothing', async () => {
    const bad = async (body: object, message: string | RegExp) => {
      const r = await o.post('dana', `${D}/import`, { datasetId: id, mode: 'append', ...body });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().message).toMatch(message);
    };
    await bad({ fileName: 'a.csv', content: b64('Code,Name\n"S5,unclosed') }, /^The file is not readable CSV/);
    await bad({ fileName: 'a.xlsx', content: b64('not a zip at all') }, 'The file is not a readable XLSX workbook');
    await bad({ fileName: 'a.csv', content: b64(',Name\nS5,x') }, 'Column 1 has no heading');
    const many = ['Code', ...Array.from({ length: 100_001 }, (_, i) => `K${i}`)].join('\n');
    await bad({ fileName: 'a.csv', content: b64(many) }, 'The file has 100001 rows; an import takes at most 100000');
    const huge = await o.post('dana', `${D}/import`, {
      datasetId: id,
      fileName: 'a.csv',
      content: 'A'.repeat(15_000_001),
      mode: 'preview',
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().success).toBe(false);
    const cell = await o.post('dana', `${E}/AddRow`, { datasetId: id, data: { code: 'S7', name: { $gt: '' } } });
    expect(cell.json()).toMatchObject({ success: false, message: 'Name must be text' });
    const stray = await o.post('dana', `${E}/AddRow`, { datasetId: id, data: { code: 'S8', __proto__x: 1 } });
    expect(stray.json()).toMatchObject({ success: false, message: "'__proto__x' is not a column of this dataset" });
    expect(await rows()).toHaveLength(3);
  });

  it("offers a form no other tenant's rows and no one else's User Extension", async () => {
    expect((await o.post('sam', `${E}/options`, { datasetId: id })).json().data.items).toHaveLength(3);
    expect((await o.post('bravo', `${E}/options`, { datasetId: id })).statusCode).toBe(404);
    const ext = await o.post('admin', `${D}/save`, {
      name: 'User Extension',
      kind: 'user_extension',
      columns: [{ key: 'salary', label: 'Salary', type: 'number' }],
    });
    const extId = ext.json().data.id;
    await o.post('admin', `${E}/AddRow`, { datasetId: extId, data: { username: 'dana', salary: 90000 } });
    expect((await o.post('sam', `${E}/options`, { datasetId: extId })).statusCode).toBe(404);
    expect((await o.get('sam', `${E}/GetDataByKey?datasetId=${extId}&key=dana`)).statusCode).toBe(404);
    expect((await o.post('dana', `${D}/datatables`, { datasetId: extId })).statusCode).toBe(404);
    expect((await o.get('dana', `${D}/export?id=${extId}`)).statusCode).toBe(404);
    expect((await o.post('dana', `${E}/batch`, { datasetId: extId, delete: [] })).statusCode).toBe(404);
    expect((await o.get('dana', `${E}/GetDataByKey?datasetId=${extId}&key=dana`)).json().data.data.salary).toBe(90000);
  });
});
