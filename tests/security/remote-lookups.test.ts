import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishApp, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';

const settings = (url: string) => ({
  url,
  requestType: 'GET',
  headers: [{ name: 'x-who', type: 'field', value: 'who' }],
  params: [{ name: 'q', type: 'data', value: '' }],
  body: [],
  submitAllFields: false,
  responseFormat: 'JSON',
  responsePath: '',
  valueKey: 'id',
  labelKey: 'name',
});

/** Remote lookups call other systems: every answer, signature and header is the server's, never the browser's. */
describe.each(await testDialects())('remote lookup attack cases on %s', (dialect) => {
  const o = useOffice(dialect, ['sam'], { bravo: true });
  const heard: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((req, res) => {
    heard.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify([
        { id: 'a', name: 'Alpha', __proto__: { polluted: true } },
        { id: { nested: 1 }, name: 'Bad' },
      ]),
    );
  });
  let apps: string[] = [];

  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/items`;
    for (const d of ['acme', 'bravo']) {
      await o.t.db.system.updateTable('tenants').set({ allow_private_egress: 1 }).where('domain', '=', d).execute();
      o.t.ctx.tenants.invalidate(d);
    }
    const def = (name: string) => ({
      display_name: name,
      fieldGroups: [
        {
          id: 'g',
          label: 'G',
          rows: [
            {
              fields: [
                { name: 'who', label: 'Who', fieldType: 'text' },
                { name: 'item', label: 'Item', fieldType: 'remote-lookup', config: settings(url) },
                { name: 'other', label: 'Other', fieldType: 'remote-lookup', config: settings(url) },
              ],
            },
          ],
        },
      ],
    });
    apps = [await publishApp(o, 'Remote one', def('Remote one')), await publishApp(o, 'Remote two', def('Remote two'))];
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const offer = async (moduleId: string, field = 'item', values: object = {}) => {
    const r = await o.post('sam', '/api/EntryModule/RemoteUrl', { moduleId, field, values });
    expect(r.json(), r.body).toMatchObject({ success: true });
    return r.json().data.items as { id: string; label: string; token: string }[];
  };
  const save = (moduleId: string, data: object) => o.post('sam', '/api/EntryModule/save', { moduleId, data });

  it('skips items without a plain id and never lets an answer touch object prototypes', async () => {
    const items = await offer(apps[0]!);
    expect(items.map((i) => i.id)).toEqual(['a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('accepts a signature only for the field, app and tenant it was given for, unchanged and in time', async () => {
    const [item] = await offer(apps[0]!);
    expect((await save(apps[0]!, { other: item })).statusCode).toBe(422);
    expect((await save(apps[1]!, { item })).statusCode).toBe(422);
    expect((await save(apps[0]!, { item: { ...item, id: 'b' } })).statusCode).toBe(422);
    expect((await save(apps[0]!, { item: { ...item, token: `1.${item!.token.split('.')[1]}` } })).statusCode).toBe(422);
    expect((await save(apps[0]!, { item: { id: 'a', label: 'Alpha' } })).statusCode).toBe(422);
    const bravo = await o.post('bravo', '/api/EntryModule/RemoteUrl', { moduleId: apps[0], field: 'item' });
    expect(bravo.statusCode).toBe(404);
    expect((await save(apps[0]!, { item })).json()).toMatchObject({ success: true });
  });

  it('never lets a form value add a header of its own', async () => {
    await offer(apps[0]!, 'item', { who: 'sam\r\nx-admin: yes' });
    const last = heard.at(-1)!;
    expect(last['x-who']).toBe('samx-admin: yes');
    expect(last['x-admin']).toBeUndefined();
  });

  it('refuses addresses that are not http(s) with a clear message', async () => {
    const r = await o.post('admin', '/api/form/Editor/RemoteUrl/test', { settings: settings('file:///etc/passwd') });
    expect(r.statusCode).toBeGreaterThanOrEqual(400);
    expect(r.statusCode).toBeLessThan(500 + 3);
    expect(r.json().success).toBe(false);
    const bad = await o.post('admin', '/api/form/Editor/SaveForm?id=' + apps[0], {
      module: {
        display_name: 'Remote one',
        fieldGroups: [
          {
            id: 'g',
            label: 'G',
            rows: [
              { fields: [{ name: 'x', label: 'X', fieldType: 'remote-lookup', config: settings('gopher://h/') }] },
            ],
          },
        ],
      },
    });
    expect(bad.json().data?.warnings?.length ?? 1).toBeGreaterThan(0);
    expect((await o.post('admin', `/api/form/Editor/publish?id=${apps[0]}`)).statusCode).toBe(400);
  });
});
