import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowPrivateEgress, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';
import { privateTargets } from '../support/ssrf.js';

/** Connectors call other systems with the tenant's credentials: every way to misuse that, refused. */
describe.each(await testDialects())('data connector attack cases on %s', (dialect) => {
  const o = useOffice(dialect, [{ username: 'dana', isFullUser: true }, 'sam'], { bravo: true });
  const seen: { url: string; headers: http.IncomingHttpHeaders }[] = [];
  const api = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  let base = '';
  let connectorId = '';
  const allowPrivate = (on: boolean) => allowPrivateEgress(o, on);
  const rest = (url: string, extra: object = {}) => ({
    method: 'GET',
    url,
    headers: [],
    query: [],
    bodyType: 'none',
    body: [],
    responsePath: '',
    outputs: [],
    ...extra,
  });

  beforeAll(async () => {
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    const header = await o.post('dana', '/api/dataconnector/securityheader/save', {
      name: 'Key',
      kind: 'bearer',
      settings: {},
      secret: 'b3arer-s3cret',
    });
    const saved = await o.post('dana', '/api/dataconnector/save', {
      dcType: 'rest',
      name: 'Echo',
      config: rest(`${base}/items/{{item}}`, { headers: [{ name: 'x-note', value: '{{note}}' }] }),
      securityHeaderId: header.json().data.id,
    });
    expect(saved.json(), saved.body).toMatchObject({ success: true });
    connectorId = saved.json().data.id;
  });
  afterAll(() => new Promise<void>((r) => api.close(() => r())));

  it('refuses loopback, private, link-local and IPv6 targets unless the organisation allows private egress', async () => {
    await allowPrivate(false);
    for (const url of [...privateTargets(base)]) {
      const r = await o.post('dana', '/api/dataconnector/test', { dcType: 'rest', config: rest(url) });
      expect(r.statusCode, url).toBe(502);
    }
    const run = await o.post('dana', '/api/workflowapi/dataconnectorexecute', { id: connectorId, input: { item: 1 } });
    expect(run.statusCode).toBe(502);
    expect(seen).toHaveLength(0);
    // The run log records the egress module's refusal.
    const log = await o.post('dana', '/api/runlog/datatables', { outcome: 'refused', length: 1 });
    expect(log.json().data.data[0]).toMatchObject({ trigger: 'execute', source_name: 'Echo', outcome: 'refused' });
    // Another tenant reads none of it; a full user reads no webhook attempts.
    expect((await o.post('bravo', '/api/runlog/datatables', {})).json().data.data).toEqual([]);
    expect((await o.post('sam', '/api/runlog/datatables', {})).statusCode).toBe(403);
  });

  it('never sends the secret back, and keeps inputs from breaking out of the address or a header', async () => {
    await allowPrivate(true);
    const r = await o.post('dana', '/api/workflowapi/dataconnectorexecute', {
      id: connectorId,
      input: { item: '../../admin?x=1#y', note: 'hi\r\nX-Injected: yes' },
    });
    expect(r.json(), r.body).toMatchObject({
      success: true,
      data: { request: { headers: { authorization: '••••' } } },
    });
    expect(r.body).not.toContain('b3arer-s3cret');
    const last = seen.at(-1)!;
    expect(last.url).toBe('/items/..%2F..%2Fadmin%3Fx%3D1%23y');
    expect(last.headers['x-injected']).toBeUndefined();
    expect(last.headers['x-note']).toBe('hiX-Injected: yes');
    expect(last.headers.authorization).toBe('Bearer b3arer-s3cret');
    const detail = await o.get('dana', `/api/dataconnector/${connectorId}/detail`);
    expect(detail.body).not.toContain('b3arer-s3cret');
  });

  it('keeps connectors to their tenant and to designers', async () => {
    expect((await o.get('bravo', `/api/dataconnector/${connectorId}/detail`)).statusCode).toBe(404);
    expect(
      (await o.post('bravo', '/api/workflowapi/dataconnectorexecute', { id: connectorId, input: {} })).statusCode,
    ).toBe(404);
    expect((await o.post('bravo', '/api/dataconnector/deletebyid', { id: connectorId })).statusCode).toBe(404);
    expect((await o.post('bravo', '/api/dataconnector/copyfrom', { id: connectorId, name: 'Mine' })).statusCode).toBe(
      404,
    );
    for (const [url, body] of [
      ['/api/dataconnector/datatables', {}],
      ['/api/workflowapi/dataconnectorexecute', { id: connectorId }],
      ['/api/dataconnector/test', { dcType: 'rest', config: rest(base) }],
    ] as const)
      expect((await o.post('sam', url, body)).statusCode, url).toBe(403);
    // Another tenant's security header cannot be borrowed by naming its id.
    const theirs = await o.post('bravo', '/api/dataconnector/securityheader/save', {
      name: 'Theirs',
      kind: 'bearer',
      settings: {},
      secret: 'th3irs',
    });
    const borrow = await o.post('dana', '/api/dataconnector/test', {
      dcType: 'rest',
      config: rest(base),
      securityHeaderId: theirs.json().data.id,
    });
    expect(borrow.statusCode).toBe(400);
    expect(borrow.body).not.toContain('th3irs');
  });
});
