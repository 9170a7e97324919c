import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishApp, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';

const D = '/api/ReferenceData';
const E = '/api/ReferenceDataEntry';
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');

const CSV = [
  'Code,Name,Budget,Opened,Active',
  'CC-100,Head office,12000.5,2024-01-31,yes',
  'CC-200,"Sales, North",8000,2023-06-01,no',
  'CC-300,Research,,2022-11-15,true',
].join('\n');

describe.each(await testDialects())('reference datasets on %s', (dialect) => {
  // Dana designs (full user), Carl is a consultant, Sam only fills in forms.
  const o = useOffice(dialect, [
    { username: 'dana', isFullUser: true },
    { username: 'carl', isConsultant: true },
    'sam',
  ]);
  let ds = { id: '', version: 0 };
  const page = async (body: object = {}) =>
    (await o.post('dana', `${D}/datatables`, { datasetId: ds.id, ...body })).json().data;

  beforeAll(async () => {
    const r = await o.post('dana', `${D}/import`, {
      name: 'Cost centres',
      fileName: 'centres.csv',
      content: b64(CSV),
      mode: 'append',
    });
    expect(r.json(), r.body).toMatchObject({ success: true, data: { imported: 3 } });
    ds = (await o.get('dana', `${D}/getDataset?id=${r.json().data.datasetId}`)).json().data;
  });

  it('creates a dataset from a CSV file with typed columns inferred from the cells', async () => {
    const got = (await o.get('dana', `${D}/getDataset?id=${ds.id}`)).json().data;
    expect(got).toMatchObject({
      name: 'Cost centres',
      kind: 'data',
      keyColumn: 'code',
      rowCount: 3,
      columns: [
        { key: 'code', label: 'Code', type: 'text', required: true },
        { key: 'name', label: 'Name', type: 'text' },
        { key: 'budget', label: 'Budget', type: 'number' },
        { key: 'opened', label: 'Opened', type: 'date' },
        { key: 'active', label: 'Active', type: 'boolean' },
      ],
    });
    const rows = (await page()).data;
    expect(rows.map((r: { key: string }) => r.key)).toEqual(['CC-100', 'CC-200', 'CC-300']);
    expect(rows[1].data).toEqual({
      code: 'CC-200',
      name: 'Sales, North',
      budget: 8000,
      opened: '2023-06-01',
      active: false,
    });
    expect(rows[2].data.budget).toBeNull();
    expect((await o.get('dana', `${D}/ListDataset?search=cost`)).json().data).toHaveLength(1);
  });

  it('previews an import with errors per row and stores nothing when any row is bad', async () => {
    const bad = ['Code,Name,Budget', 'CC-400,Legal,ten', ',Nameless,5', 'CC-100,Again,1', 'CC-500,Fine,2'].join('\n');
    const preview = await o.post('dana', `${D}/import`, {
      datasetId: ds.id,
      fileName: 'more.csv',
      content: b64(bad),
      mode: 'preview',
    });
    expect(preview.json(), preview.body).toMatchObject({
      success: true,
      data: {
        total: 4,
        imported: 0,
        errorCount: 3,
        errors: [
          { row: 2, column: 'budget', message: 'Budget must be a number' },
          { row: 3, column: 'code', message: 'Code is required' },
          { row: 4, column: 'code', message: "The key 'CC-100' is already in this dataset" },
        ],
      },
    });
    const refused = await o.post('dana', `${D}/import`, {
      datasetId: ds.id,
      fileName: 'more.csv',
      content: b64(bad),
      mode: 'append',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, message: '3 rows have problems; nothing was imported.' });
    expect(refused.json().issues).toHaveLength(3);
    expect((await page()).recordsTotal).toBe(3);
    const unknown = await o.post('dana', `${D}/import`, {
      datasetId: ds.id,
      fileName: 'x.csv',
      content: b64('Code,Colour\nA,red'),
      mode: 'preview',
    });
    expect(unknown.json()).toEqual({
      success: false,
      message: "The column 'Colour' is not in the dataset 'Cost centres'",
    });
    const kind = await o.post('dana', `${D}/import`, {
      name: 'X',
      fileName: 'x.pdf',
      content: b64('%PDF'),
      mode: 'preview',
    });
    expect(kind.json()).toEqual({ success: false, message: 'Import a .csv or .xlsx file' });
  });

  it('imports an XLSX workbook and exports CSV and XLSX that read back the same', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    ws.addRow(['Code', 'Name', 'Budget', 'Opened', 'Active']);
    ws.addRow(['CC-400', 'Legal', 300, new Date(Date.UTC(2021, 2, 4)), true]);
    ws.addRow([
      'CC-500',
      { richText: [{ text: 'Sup' }, { text: 'port' }] },
      { formula: '2*50', result: 100 },
      null,
      false,
    ]);
    const content = Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
    const r = await o.post('dana', `${D}/import`, { datasetId: ds.id, fileName: 'more.xlsx', content, mode: 'append' });
    expect(r.json(), r.body).toMatchObject({ success: true, data: { imported: 2 } });
    const rows = (await page({ search: 'cc-5' })).data;
    expect(rows).toEqual([
      expect.objectContaining({ key: 'CC-500', data: expect.objectContaining({ name: 'Support', budget: 100 }) }),
    ]);
    expect((await page({ search: 'legal' })).data[0].data.opened).toBe('2021-03-04');

    const csv = await o.get('dana', `${D}/export?id=${ds.id}&format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('Cost centres.csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Code,Name,Budget,Opened,Active');
    expect(lines).toHaveLength(6);
    expect(lines[2]).toBe('CC-200,"Sales, North",8000,2023-06-01,false');

    const xlsx = await o.get('dana', `${D}/export?id=${ds.id}&format=xlsx`);
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    expect(back.worksheets[0]!.rowCount).toBe(6);
    expect(back.worksheets[0]!.getRow(5).getCell(1).value).toBe('CC-400');
  });

  it('adds, edits, moves and deletes rows inline; a bad batch changes nothing', async () => {
    const added = await o.post('dana', `${E}/AddRow`, {
      datasetId: ds.id,
      data: { code: 'CC-050', name: 'Board', budget: '7' },
    });
    expect(added.json(), added.body).toMatchObject({ success: true, data: { key: 'CC-050', data: { budget: 7 } } });
    const rows = (await page({ length: 100 })).data as { id: string; key: string }[];
    const first = rows[0]!;
    // Place the new row first; rename a code; delete the last row.
    const r = await o.post('dana', `${E}/batch`, {
      datasetId: ds.id,
      move: [{ id: added.json().data.id, beforeId: first.id }],
      update: [{ id: first.id, data: { code: 'CC-101', name: 'Head office', budget: 1 } }],
      delete: [rows[rows.length - 2]!.id],
    });
    expect(r.json(), r.body).toMatchObject({ success: true, data: { updated: 1, deleted: 1, moved: 1, rowCount: 5 } });
    const after = (await page({ length: 100 })).data as { key: string }[];
    expect(after.map((x) => x.key)).toEqual(['CC-050', 'CC-101', 'CC-200', 'CC-300', 'CC-400']);
    const bad = await o.post('dana', `${E}/batch`, {
      datasetId: ds.id,
      add: [{ data: { code: 'CC-900', name: 'New' } }, { data: { code: 'CC-200' } }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([
      { row: 2, column: 'code', message: "The key 'CC-200' is already in this dataset" },
    ]);
    expect((await page()).recordsTotal).toBe(5);
    // Two rows may swap keys in one batch.
    const swap = await o.post('dana', `${E}/batch`, {
      datasetId: ds.id,
      update: [
        { id: rows[1]!.id, data: { code: 'CC-300', name: 'Research' } },
        { id: rows[2]!.id, data: { code: 'CC-200', name: 'Sales' } },
      ],
    });
    expect(swap.json(), swap.body).toMatchObject({ success: true, data: { updated: 2 } });
    const swapped = (await page({ length: 100 })).data as { key: string }[];
    expect(swapped.map((x) => x.key)).toEqual(['CC-050', 'CC-101', 'CC-300', 'CC-200', 'CC-400']);
  });

  it('pages by keyset through a large dataset and searches every cell', async () => {
    const big = await o.post('dana', `${D}/save`, {
      name: 'Postcodes',
      columns: [
        { key: 'code', label: 'Code', type: 'text' },
        { key: 'town', label: 'Town', type: 'text' },
      ],
    });
    const id = big.json().data.id;
    const lines = [
      'Code,Town',
      ...Array.from({ length: 2500 }, (_, i) => `P${String(i).padStart(5, '0')},Town ${i % 7}`),
    ];
    const imp = await o.post('dana', `${D}/import`, {
      datasetId: id,
      fileName: 'p.csv',
      content: b64(lines.join('\n')),
      mode: 'replace',
    });
    expect(imp.json().data.imported).toBe(2500);
    let cursor: string | null = null;
    const seen: string[] = [];
    do {
      const p: { data: { key: string }[]; nextCursor: string | null } = (
        await o.post('dana', `${D}/datatables`, { datasetId: id, length: 1000, cursor })
      ).json().data;
      seen.push(...p.data.map((r: { key: string }) => r.key));
      cursor = p.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(2500);
    expect(seen[2499]).toBe('P02499');
    const found = (await o.post('dana', `${D}/datatables`, { datasetId: id, search: 'town 3', length: 10 })).json()
      .data;
    expect(found.recordsFiltered).toBe(357);
    expect(found.data).toHaveLength(10);
    // A rare term past the first rows is found through the index, and follows edits and deletions at once.
    const search = async (text: string) =>
      (await o.post('dana', `${D}/datatables`, { datasetId: id, search: text, length: 10 })).json().data as {
        recordsFiltered: number;
        data: { id: string; key: string }[];
      };
    const rare = await search('p02418');
    expect(rare.data.map((r) => r.key)).toEqual(['P02418']);
    expect(rare.recordsFiltered).toBe(1);
    const edit = await o.post('dana', `${E}/batch`, {
      datasetId: id,
      update: [{ id: rare.data[0]!.id, data: { code: 'P02418', town: 'Zanzibar 100%_' } }],
    });
    expect(edit.json(), edit.body).toMatchObject({ success: true });
    expect((await search('zanzibar')).data.map((r) => r.key)).toEqual(['P02418']);
    expect((await search('100%_')).data.map((r) => r.key)).toEqual(['P02418']);
    expect((await search('0%')).recordsFiltered).toBe(1);
    expect((await search('town 3')).recordsFiltered).toBe(356);
    await o.post('dana', `${E}/batch`, { datasetId: id, delete: [rare.data[0]!.id] });
    expect((await search('zanzibar')).recordsFiltered).toBe(0);
    const byKey = await o.get('sam', `${E}/GetDataByKey?datasetId=${id}&key=P00042`);
    expect(byKey.json()).toMatchObject({ success: true, data: { key: 'P00042', data: { town: 'Town 0' } } });
    expect((await o.get('sam', `${E}/GetDataByKey?datasetId=${id}&key=nope`)).statusCode).toBe(404);
  });

  it('changes columns only when every row fits, converting what it can', async () => {
    const now = (await o.get('dana', `${D}/getDataset?id=${ds.id}`)).json().data;
    const columns = now.columns.map((c: { key: string }) => (c.key === 'name' ? { ...c, required: true } : c));
    const ok = await o.post('dana', `${D}/save`, { id: ds.id, version: now.version, name: now.name, columns });
    expect(ok.json(), ok.body).toMatchObject({ success: true, data: { version: now.version + 1 } });
    const asNumber = columns.map((c: { key: string }) => (c.key === 'name' ? { ...c, type: 'number' } : c));
    const refused = await o.post('dana', `${D}/save`, { id: ds.id, name: now.name, columns: asNumber });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/do not fit the new columns; nothing was changed/);
    const stale = await o.post('dana', `${D}/save`, { id: ds.id, version: now.version, name: now.name, columns });
    expect(stale.statusCode).toBe(409);
  });

  it('keeps the User Extension for managers, keyed by existing user names', async () => {
    const made = await o.post('carl', `${D}/save`, {
      name: 'User Extension',
      kind: 'user_extension',
      columns: [{ key: 'employee_no', label: 'Employee no', type: 'number' }],
    });
    expect(made.json(), made.body).toMatchObject({
      success: true,
      data: { kind: 'user_extension', keyColumn: 'username' },
    });
    const id = made.json().data.id;
    expect(
      (await o.post('carl', `${E}/AddRow`, { datasetId: id, data: { username: 'sam', employee_no: 42 } })).statusCode,
    ).toBe(200);
    const ghost = await o.post('carl', `${E}/AddRow`, { datasetId: id, data: { username: 'ghost', employee_no: 1 } });
    expect(ghost.json()).toMatchObject({ success: false, message: "No user is named 'ghost'" });
    // A full user designs datasets but does not see the User Extension.
    expect((await o.get('dana', `${D}/getDataset?id=${id}`)).statusCode).toBe(404);
    expect((await o.get('dana', `${D}/ListDataset`)).json().data.map((d: { kind: string }) => d.kind)).not.toContain(
      'user_extension',
    );
    expect((await o.get('carl', `${D}/ListDataset`)).json().data.map((d: { kind: string }) => d.kind)).toContain(
      'user_extension',
    );
    // Sam reads his own row, nobody else's.
    expect((await o.get('sam', `${E}/GetDataByKey?datasetId=${id}&key=sam`)).json().data.data.employee_no).toBe(42);
    expect((await o.get('dana', `${E}/GetDataByKey?datasetId=${id}&key=sam`)).statusCode).toBe(404);
    const second = await o.post('admin', `${D}/save`, {
      name: 'Another',
      kind: 'user_extension',
      columns: [{ key: 'a', label: 'A', type: 'text' }],
    });
    expect(second.json()).toEqual({ success: false, message: 'The User Extension dataset already exists' });
  });

  it('feeds a dropdown: options searched on the server, a saved row keeps its key and the server’s label', async () => {
    const field = (multiple: boolean) => ({
      name: multiple ? 'centres' : 'centre',
      label: multiple ? 'Centres' : 'Centre',
      fieldType: 'dropdown',
      config: { options: [], multiple, datasetId: ds.id, labelColumn: 'name' },
    });
    const moduleId = await publishApp(o, 'Claims', {
      display_name: 'Claims',
      fieldGroups: [{ id: 'g', label: 'G', rows: [{ fields: [field(false), field(true)] }] }],
    });
    const opts = await o.post('sam', `${E}/options`, { datasetId: ds.id, labelColumn: 'name', search: 'research' });
    expect(opts.json(), opts.body).toMatchObject({
      success: true,
      data: { items: [{ id: 'CC-300', label: 'Research' }] },
    });
    const all = (await o.post('sam', `${E}/options`, { datasetId: ds.id, labelColumn: 'name' })).json().data;
    expect(all.items.map((i: { id: string }) => i.id)).toEqual(['CC-050', 'CC-101', 'CC-300', 'CC-200', 'CC-400']);
    const saved = await o.post('sam', '/api/EntryModule/submit', {
      moduleId,
      data: {
        centre: { id: 'CC-300', label: 'Made up' },
        centres: [
          { id: 'CC-050', label: 'x' },
          { id: 'CC-400', label: 'y' },
        ],
      },
    });
    expect(saved.json(), saved.body).toMatchObject({ success: true });
    const detail = await o.get('sam', `/api/EntryModule/${saved.json().data.recordId}/detail`);
    expect(detail.json().data.data).toMatchObject({
      centre: { id: 'CC-300', label: 'Research' },
      centres: [
        { id: 'CC-050', label: 'Board' },
        { id: 'CC-400', label: 'Legal' },
      ],
    });
    const gone = await o.post('sam', '/api/EntryModule/submit', {
      moduleId,
      data: { centre: { id: 'CC-999', label: 'Ghost' } },
    });
    expect(gone.statusCode).toBe(422);
    expect(JSON.stringify(gone.json())).toContain("Centre: 'Ghost' is no longer one of its options");
  });
});
