import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowPrivateEgress, publishApp, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';
import { privateTargets } from '../support/ssrf.js';

/** Webhooks send record data to addresses a tenant chooses: every way to misuse that, refused. */
describe.each(await testDialects())('webhook attack cases on %s', (dialect) => {
  const o = useOffice(dialect, ['sam'], { bravo: true, env: { WEBHOOK_RETRY_DELAYS_MS: '0' } });
  const hits: string[] = [];
  const rx = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/hop') return res.writeHead(302, { location: '/inner' }).end();
    res.writeHead(204).end();
  });
  let base = '';
  let moduleId = '';
  const deliver = async () => {
    await o.t.ctx.outbox.drain();
    await o.t.app.webhooks.drain();
  };
  const hook = async (name: string, url: string) => {
    const r = await o.post('admin', '/api/webhook/save', {
      name,
      url,
      events: ['record.created'],
      moduleIds: [moduleId],
    });
    expect(r.json(), r.body).toMatchObject({ success: true });
    return r.json().data as { id: string; secret: string };
  };
  const draft = async () => {
    const r = await o.post('sam', '/api/EntryModule/save', { moduleId, data: { title: 'x' } });
    expect(r.json(), r.body).toMatchObject({ success: true });
  };

  beforeAll(async () => {
    await new Promise<void>((r) => rx.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(rx.address() as AddressInfo).port}`;
    moduleId = await publishApp(o, 'Notes', {
      display_name: 'Notes',
      fieldGroups: [
        { id: 'g', label: 'G', rows: [{ fields: [{ name: 'title', label: 'Title', fieldType: 'text' }] }] },
      ],
    });
  });
  afterAll(() => new Promise<void>((r) => rx.close(() => r())));

  it('refuses loopback, private, link-local and IPv6 targets at save unless the organisation allows private egress', async () => {
    await allowPrivateEgress(o, false);
    for (const url of [
      ...privateTargets(base),
      'file:///etc/passwd',
      'gopher://127.0.0.1/x',
      `http://user:pw@example.com/x`,
    ]) {
      const r = await o.post('admin', '/api/webhook/save', { name: 'Probe', url, events: ['record.created'] });
      expect(r.statusCode, url).toBe(400);
      expect(r.json().success).toBe(false);
    }
  });

  it('checks the address again at every delivery, and never follows a redirect', async () => {
    await allowPrivateEgress(o, true);
    const direct = await hook('Direct', `${base}/direct`);
    const hop = await hook('Hop', `${base}/hop`);
    // Allowed when saved, refused once the organisation turns private targets off: nothing reaches the address.
    await allowPrivateEgress(o, false);
    await draft();
    await deliver();
    expect(hits).toEqual([]);
    const log = await o.post('admin', '/api/webhook/executionlog', { webhookId: direct.id });
    expect(log.json().data.data[0]).toMatchObject({ outcome: 'failed', statusCode: null });
    expect(log.json().data.data[0].error).toMatch(/^Calls to 127\.0\.0\.1 are not allowed/);
    await allowPrivateEgress(o, true);
    await draft();
    await deliver();
    expect(hits.sort()).toEqual(['/direct', '/hop']);
    const hopLog = await o.post('admin', '/api/webhook/executionlog', { webhookId: hop.id });
    expect(hopLog.json().data.data[0]).toMatchObject({ outcome: 'failed' });
    for (const h of [direct, hop]) await o.post('admin', '/api/webhook/deletebyid', { id: h.id });
  });

  it('keeps webhooks, their log and replays to their tenant and to managers; never shows a secret again', async () => {
    await allowPrivateEgress(o, true);
    const mine = await hook('Mine', `${base}/mine`);
    await draft();
    await deliver();
    const delivery = await o.tdb
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('webhook_id', '=', mine.id)
      .executeTakeFirstOrThrow();
    for (const [url, body] of [
      ['/api/webhook/executionlog', { webhookId: mine.id }],
      ['/api/webhook/replay', { deliveryId: delivery.id }],
      ['/api/webhook/replay', { webhookId: mine.id, since: '2000-01-01T00:00:00Z' }],
      ['/api/webhook/deletebyid', { id: mine.id }],
      ['/api/webhook/save', { id: mine.id, name: 'Stolen', url: 'https://example.com', events: ['record.created'] }],
    ] as const) {
      expect((await o.post('bravo', url, body)).statusCode, url).toBe(404);
      expect((await o.post('sam', url, body)).statusCode, url).toBe(403);
    }
    expect((await o.get('bravo', `/api/webhook/detail?id=${mine.id}`)).statusCode).toBe(404);
    const theirs = await o.post('bravo', '/api/webhook/datatables', {});
    expect(theirs.json().data.data).toEqual([]);
    const list = await o.post('admin', '/api/webhook/datatables', {});
    expect(list.body).not.toContain(mine.secret.slice(6));
    expect(list.json().data.data[0]).not.toHaveProperty('secret');
    const renamed = await o.post('admin', '/api/webhook/save', {
      id: mine.id,
      name: 'Mine still',
      url: `${base}/mine`,
      events: ['record.created'],
    });
    expect(renamed.json().data).not.toHaveProperty('secret');
    // An app of another tenant cannot be named as a filter.
    const foreign = await o.post('bravo', '/api/webhook/save', {
      name: 'Peek',
      url: 'https://example.com/x',
      events: ['record.created'],
      moduleIds: [moduleId],
    });
    expect(foreign.statusCode).toBe(400);
  });
});
