import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModuleDefinition } from '../../schemas/module-definition.js';
import { allowPrivateEgress, publishApp, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';

const COUNTRIES = [
  { code: 'de', name: 'Germany', region: 'EU' },
  { code: 'dk', name: 'Denmark', region: 'EU' },
  { code: 'fr', name: 'France', region: 'EU' },
  { code: 'jp', name: 'Japan', region: 'AS' },
];

/** A real HTTP service standing in for another system: it filters by q and region and records what it received. */
function startService() {
  const seen: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      const u = new URL(req.url ?? '/', 'http://x');
      if (u.pathname === '/hop') return res.writeHead(302, { location: `/countries${u.search}` }).end();
      if (u.pathname === '/text') return res.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
      if (u.pathname === '/huge') return res.writeHead(200).end(JSON.stringify({ data: 'x'.repeat(2 * 1024 * 1024) }));
      if (u.pathname === '/down') return res.writeHead(503).end();
      const q = (u.searchParams.get('q') ?? JSON.parse(body || '{}').q ?? '').toLowerCase();
      const region = u.searchParams.get('region');
      const data = COUNTRIES.filter(
        (c) => (c.name.toLowerCase().startsWith(q) || c.code.startsWith(q)) && (!region || c.region === region),
      );
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result: { data } }));
    });
  });
  return { server, seen };
}

const remote = (url: string, extra: object = {}) => ({
  url,
  requestType: 'GET',
  headers: [{ name: 'x-caller', type: 'literal', value: 'flowforms' }],
  params: [
    { name: 'q', type: 'data', value: '' },
    { name: 'region', type: 'field', value: 'region' },
  ],
  body: [],
  submitAllFields: false,
  responseFormat: 'JSON',
  responsePath: 'result.data',
  valueKey: 'code',
  labelKey: 'name',
  ...extra,
});

const form = (base: string): ModuleDefinition => ({
  display_name: 'Shipments',
  fieldGroups: [
    {
      id: 'g',
      label: 'G',
      rows: [
        {
          fields: [
            { name: 'region', label: 'Region', fieldType: 'text' },
            { name: 'country', label: 'Country', fieldType: 'remote-lookup', config: remote(`${base}/countries`) },
            { name: 'hop', label: 'Hop', fieldType: 'remote-lookup', config: remote(`${base}/hop`) },
          ],
        },
        {
          fields: [
            { name: 'text', label: 'Text', fieldType: 'remote-lookup', config: remote(`${base}/text`) },
            { name: 'huge', label: 'Huge', fieldType: 'remote-lookup', config: remote(`${base}/huge`) },
            { name: 'down', label: 'Down', fieldType: 'remote-lookup', config: remote(`${base}/down`) },
          ],
        },
      ],
    },
  ],
});

describe.each(await testDialects())('remote lookups on %s', (dialect) => {
  const o = useOffice(dialect, [{ username: 'dana', isFullUser: true }, 'sam'], { bravo: true });
  const svc = startService();
  let base = '';
  let moduleId = '';
  const allowPrivate = (on: boolean) => allowPrivateEgress(o, on);
  const ask = (field: string, body: object = {}, who = 'sam') =>
    o.post(who, '/api/EntryModule/RemoteUrl', { moduleId, field, ...body });

  beforeAll(async () => {
    await new Promise<void>((r) => svc.server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(svc.server.address() as AddressInfo).port}`;
    moduleId = await publishApp(o, 'Shipments', form(base));
  });
  afterAll(() => new Promise<void>((r) => svc.server.close(() => r())));

  it('refuses a private address unless the organisation allows it', async () => {
    await allowPrivate(false);
    const r = await ask('country', { search: 'de' });
    expect(r.statusCode).toBe(502);
    expect(r.json().message).toMatch(/^Calls to 127\.0\.0\.1 are not allowed/);
    expect(svc.seen).toHaveLength(0);
  });

  it('calls with params from the typed text and the form, reads the list at the path, and signs each item', async () => {
    await allowPrivate(true);
    const r = await ask('country', { search: 'd', values: { region: 'EU' } });
    expect(r.json(), r.body).toMatchObject({ success: true });
    const items = r.json().data.items as { id: string; label: string; token: string }[];
    expect(items.map((i) => [i.id, i.label])).toEqual([
      ['de', 'Germany'],
      ['dk', 'Denmark'],
    ]);
    expect(items.every((i) => /^[0-9a-z]+\.[\w-]+$/.test(i.token))).toBe(true);
    const last = svc.seen.at(-1)!;
    expect(last.url).toBe('/countries?q=d&region=EU');
    expect(last.headers['x-caller']).toBe('flowforms');

    // Saving keeps what the server offered, without its signature; anything else is refused.
    const save = (country: object) => o.post('sam', '/api/EntryModule/save', { moduleId, data: { country } });
    const ok = await save(items[0]!);
    expect(ok.json(), ok.body).toMatchObject({
      success: true,
      data: { data: { country: { id: 'de', label: 'Germany' } } },
    });
    expect(ok.json().data.data.country).not.toHaveProperty('token');
    expect((await save({ id: 'xx', label: 'Atlantis' })).statusCode).toBe(422);
    expect((await save({ ...items[0]!, label: 'Prussia' })).statusCode).toBe(422);
    const other = await o.post('sam', '/api/EntryModule/save', { moduleId, data: { hop: items[0] } });
    expect(other.statusCode).toBe(422);
  });

  it('follows a redirect within the allowed targets and reports bad answers clearly', async () => {
    await allowPrivate(true);
    expect((await ask('hop', { search: 'f' })).json().data.items.map((i: { id: string }) => i.id)).toEqual(['fr']);
    for (const [field, message] of [
      ['text', /did not answer with JSON/],
      ['huge', /larger than 1 MB/],
      ['down', /answered 503/],
    ] as const) {
      const r = await ask(field);
      expect(r.statusCode, field).toBe(502);
      expect(r.json().message).toMatch(message);
    }
    expect((await ask('region')).statusCode).toBe(400);
    expect((await ask('country', {}, 'bravo')).statusCode).toBe(404);
  });

  it('lets a designer test settings and see the request with credentials masked', async () => {
    await allowPrivate(true);
    const settings = remote(`${base}/countries`, {
      requestType: 'POST',
      headers: [{ name: 'authorization', type: 'literal', value: 'Bearer s3cret' }],
      params: [],
      body: [{ name: 'q', type: 'data', value: '' }],
    });
    const r = await o.post('dana', '/api/form/Editor/RemoteUrl/test', { settings, search: 'ja' });
    expect(r.json(), r.body).toMatchObject({
      success: true,
      data: {
        request: { method: 'POST', url: `${base}/countries`, headers: { authorization: '••••' }, body: { q: 'ja' } },
        status: 200,
        items: [{ id: 'jp', label: 'Japan' }],
      },
    });
    expect(r.body).not.toContain('s3cret');
    // The form people fill in carries no address, header or body of a remote lookup.
    const filled = await o.get('sam', `/api/EntryModule/form/${moduleId}`);
    const country = (
      filled.json().data.definition.fieldGroups[0].rows[0].fields as { name: string; config: object }[]
    ).find((f) => f.name === 'country')!;
    expect(Object.keys(country.config).sort()).toEqual(['labelKey', 'responseFormat', 'valueKey']);
    expect(filled.body).not.toContain('x-caller');
    expect(svc.seen.at(-1)!.headers.authorization).toBe('Bearer s3cret');
    expect((await o.post('sam', '/api/form/Editor/RemoteUrl/test', { settings })).statusCode).toBe(403);
    await allowPrivate(false);
    expect((await o.post('dana', '/api/form/Editor/RemoteUrl/test', { settings })).statusCode).toBe(502);
  });

  it('picks several external items (kept across saves without calling again) and suggests free input', async () => {
    await allowPrivate(true);
    const tags = await publishApp(o, 'Tags', {
      display_name: 'Tags',
      fieldGroups: [
        {
          id: 'g',
          label: 'G',
          rows: [
            {
              fields: [
                {
                  name: 'markets',
                  label: 'Markets',
                  fieldType: 'multi-select-external',
                  config: { ...remote(`${base}/countries`), maxItems: 3 },
                },
                {
                  name: 'code',
                  label: 'Country code',
                  fieldType: 'input-external',
                  config: { ...remote(`${base}/countries`), dataType: 'string', resultType: 'value' },
                },
              ],
            },
          ],
        },
      ],
    });
    const offered = async (field: string, search: string) =>
      (await o.post('sam', '/api/EntryModule/RemoteUrl', { moduleId: tags, field, search })).json().data.items as {
        id: string;
        label: string;
        token: string;
      }[];
    const [de, dk] = await offered('markets', 'd');
    let version = 0;
    const save = async (data: object, recordId?: string) => {
      const r = await o.post('sam', '/api/EntryModule/save', {
        moduleId: tags,
        data,
        ...(recordId ? { recordId, version } : {}),
      });
      if (r.statusCode === 200) version = r.json().data.version;
      return r;
    };
    const first = await save({ markets: [de, dk], code: 'fr' });
    expect(first.json(), first.body).toMatchObject({
      success: true,
      data: {
        data: {
          markets: [
            { id: 'de', label: 'Germany' },
            { id: 'dk', label: 'Denmark' },
          ],
          code: 'fr',
        },
      },
    });
    const recordId = first.json().data.id as string;
    // The stored items go back without signatures; a newly picked one carries its own.
    const [fr] = await offered('markets', 'fr');
    const stored = first.json().data.data.markets as object[];
    const more = await save({ markets: [...stored, fr] }, recordId);
    expect(more.json(), more.body).toMatchObject({ success: true });
    expect(more.json().data.data.markets).toHaveLength(3);
    const forged = await save({ markets: [{ id: 'jp', label: 'Japan' }] }, recordId);
    expect(forged.statusCode).toBe(422);
    expect(JSON.stringify(forged.json())).toContain("Markets: choose 'Japan' again from the list");
    expect((await save({ markets: [de, de] })).statusCode).toBe(422);
    // Input-external takes what is typed; its suggestions come from the same call.
    expect((await offered('code', 'ja')).map((i) => i.id)).toEqual(['jp']);
    const typed = await save({ code: 'zz-anything' }, recordId);
    expect(typed.json(), typed.body).toMatchObject({ success: true, data: { data: { code: 'zz-anything' } } });
  });

  it('adds the fraud prevention headers when the request asks for them, from the browser and the server', async () => {
    await allowPrivate(true);
    const client = {
      deviceId: 'beec798b-b366-47fa-b1f8-92cede14a1ce',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36',
      screens: [{ width: 1920, height: 1080, scalingFactor: 1.5, colourDepth: 24 }],
      windowSize: { width: 1256, height: 803 },
      timezone: 'UTC+01:00',
    };
    const header = Buffer.from(JSON.stringify(client)).toString('base64url');
    const send = (settings: object, gov?: string) =>
      o.t.app.inject({
        method: 'POST',
        url: '/api/form/Editor/RemoteUrl/test',
        headers: {
          host: 'acme.localhost',
          authorization: `Bearer ${o.tok.dana}`,
          ...(gov ? { 'x-gov-client': gov } : {}),
        },
        payload: { settings, search: 'ja' },
      });
    const r = await send(remote(`${base}/countries`, { addGovHeaders: true }), header);
    expect(r.json(), r.body).toMatchObject({ success: true, data: { items: [{ id: 'jp' }] } });
    const got = svc.seen.at(-1)!.headers;
    expect(got).toMatchObject({
      'gov-client-connection-method': 'WEB_APP_VIA_SERVER',
      'gov-client-device-id': client.deviceId,
      'gov-client-browser-js-user-agent': client.userAgent,
      'gov-client-screens': 'width=1920&height=1080&scaling-factor=1.5&colour-depth=24',
      'gov-client-window-size': 'width=1256&height=803',
      'gov-client-timezone': 'UTC+01:00',
      'gov-client-user-ids': 'flowforms=dana',
      'gov-client-public-ip': '127.0.0.1',
      'gov-vendor-product-name': 'FlowForms',
      'gov-vendor-version': 'flowforms=0.1.0',
    });
    expect(got['gov-client-public-ip-timestamp']).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Without the flag nothing of the kind is sent; a malformed browser part is left out, never trusted.
    await send(remote(`${base}/countries`), header);
    expect(Object.keys(svc.seen.at(-1)!.headers).filter((k) => k.startsWith('gov-'))).toEqual([]);
    await send(
      remote(`${base}/countries`, { addGovHeaders: true }),
      Buffer.from('{"deviceId":"x\\r\\n"}').toString('base64url'),
    );
    expect(svc.seen.at(-1)!.headers['gov-client-device-id']).toBeUndefined();
    expect(svc.seen.at(-1)!.headers['gov-client-connection-method']).toBe('WEB_APP_VIA_SERVER');
    // govheaders answers what a call made now would carry.
    const mine = await o.t.app.inject({
      method: 'GET',
      url: '/api/EntryModule/govheaders',
      headers: { host: 'acme.localhost', authorization: `Bearer ${o.tok.sam}`, 'x-gov-client': header },
    });
    expect(mine.json().data).toMatchObject({
      'gov-client-user-ids': 'flowforms=sam',
      'gov-client-timezone': 'UTC+01:00',
    });
  });
});
