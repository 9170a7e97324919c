import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { OPEN } from '../../src/server/engine/status.js';
import { allowPrivateEgress, publishApp, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';
import { claimWorkflow, expenseClaim } from './engine-fixture.js';

interface Received {
  id: string;
  verified: boolean;
  body: { type: string; data: { record: { id: string; fields?: Record<string, unknown> } } };
}

/** A receiver that checks each signature with the standardwebhooks package and answers the status asked of it. */
function startReceiver() {
  const got: Received[] = [];
  const state = { secret: '', fail: 0, status: 500 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (state.fail > 0) {
        state.fail--;
        return res.writeHead(state.status, { 'content-type': 'text/plain' }).end('busy, try later');
      }
      let verified = false;
      try {
        new Webhook(state.secret).verify(body, req.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      got.push({ id: String(req.headers['webhook-id']), verified, body: JSON.parse(body) as Received['body'] });
      res.writeHead(204).end();
    });
  });
  return { server, got, state };
}

describe.each(await testDialects())('webhooks on %s', (dialect) => {
  const o = useOffice(
    dialect,
    [
      { username: 'sam', fullname: 'Sam Staff' },
      { username: 'max', fullname: 'Max Manager' },
      { username: 'cody', isConsultant: true },
    ],
    { env: { WEBHOOK_RETRY_DELAYS_MS: '0,400,400' } },
  );
  const rx = startReceiver();
  let url = '';
  let moduleId = '';
  let hookId = '';
  const deliver = async () => {
    await o.t.ctx.outbox.drain();
    return o.t.app.webhooks.drain();
  };
  const submit = async (title: string, amount = 50) => {
    const r = await o.post('sam', '/api/EntryModule/submit', {
      moduleId,
      data: { title, amount, manager: o.id.max, secret: 'pssst' },
    });
    expect(r.json(), r.body).toMatchObject({ success: true });
    return r.json().data.recordId as string;
  };

  beforeAll(async () => {
    await new Promise<void>((r) => rx.server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(rx.server.address() as AddressInfo).port}/hooks`;
    moduleId = await publishApp(o, 'Expense claims', expenseClaim, claimWorkflow({ finance: [o.id.admin!] }));
  });
  afterAll(() => new Promise<void>((r) => rx.server.close(() => r())));

  it('refuses a private target unless the organisation allows it, and shows a made secret once', async () => {
    const body = { name: 'Claims feed', url, events: ['record.submitted', 'record.approved', 'record.completed'] };
    const refused = await o.post('admin', '/api/webhook/save', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^Calls to 127\.0\.0\.1 are not allowed/);
    await allowPrivateEgress(o, true);
    const noEvents = await o.post('admin', '/api/webhook/save', { ...body, events: [] });
    expect(noEvents.statusCode).toBe(400);
    const badSecret = await o.post('admin', '/api/webhook/save', { ...body, secret: 'hunter2' });
    expect(badSecret.json().message).toMatch(/^The secret must be whsec_/);
    const saved = await o.post('admin', '/api/webhook/save', { ...body, moduleIds: [moduleId] });
    expect(saved.json(), saved.body).toMatchObject({
      success: true,
      data: { name: 'Claims feed', active: true, hasSecret: true, moduleIds: [moduleId] },
    });
    rx.state.secret = saved.json().data.secret as string;
    expect(rx.state.secret).toMatch(/^whsec_/);
    hookId = saved.json().data.id as string;
    const detail = await o.get('admin', `/api/webhook/detail?id=${hookId}`);
    expect(detail.json().data.hasSecret).toBe(true);
    expect(detail.body).not.toContain(rx.state.secret.slice(6));
    const stored = await o.tdb
      .selectFrom('webhooks')
      .select('secret')
      .where('id', '=', hookId)
      .executeTakeFirstOrThrow();
    expect(stored.secret).toMatch(/^enc:v1:/);
  });

  it('delivers each event once, signed, with only the fields its owner may see at the step', async () => {
    const recordId = await submit('Lunch with client');
    expect(rx.got).toHaveLength(0); // nothing leaves before the outbox has the committed event
    await deliver();
    expect(rx.got.map((g) => [g.body.type, g.verified])).toEqual([['record.submitted', true]]);
    const fields = rx.got[0]!.body.data.record.fields!;
    // The manager step hides the secret from everyone there, the webhook's owner included.
    expect(fields).toMatchObject({ title: 'Lunch with client', amount: 50 });
    expect(fields).not.toHaveProperty('secret');
    const task = await o.tdb
      .selectFrom('tasks')
      .select('id')
      .where('record_id', '=', recordId)
      .where('status', '=', OPEN)
      .executeTakeFirstOrThrow();
    const ok = await o.post('max', '/api/EntryModule/approve', { task_id: task.id, accepted: true });
    expect(ok.json(), ok.body).toMatchObject({ success: true });
    await deliver();
    await deliver(); // a second pass sends nothing twice
    expect(rx.got.map((g) => g.body.type)).toEqual(['record.submitted', 'record.approved', 'record.completed']);
    expect(new Set(rx.got.map((g) => g.id)).size).toBe(3);
    expect(rx.got.every((g) => g.verified)).toBe(true);
  });

  it('sends nothing for a change that was refused, and nothing for events or apps it does not listen to', async () => {
    rx.got.length = 0;
    const refused = await o.post('sam', '/api/EntryModule/submit', { moduleId, data: { amount: 5 } });
    expect(refused.statusCode).toBe(422);
    const draft = await o.post('sam', '/api/EntryModule/save', { moduleId, data: { title: 'Draft only' } });
    expect(draft.json().success).toBe(true);
    await deliver();
    expect(rx.got).toEqual([]);
  });

  it("a consultant's webhook carries only records the consultant may open", async () => {
    const saved = await o.post('cody', '/api/webhook/save', {
      name: 'Cody feed',
      url,
      events: ['record.submitted'],
      secret: null,
    });
    expect(saved.json(), saved.body).toMatchObject({ success: true, data: { hasSecret: false } });
    expect(saved.json().data.secret).toBeUndefined();
    rx.got.length = 0;
    await submit('Taxi');
    await deliver();
    // Sam's record is not Cody's to see: only the administrator's webhook hears it.
    const cody = await o.tdb
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('webhook_id', '=', saved.json().data.id)
      .execute();
    expect(cody).toEqual([]);
    expect(rx.got.map((g) => g.body.type)).toEqual(['record.submitted']);
    await o.post('cody', '/api/webhook/deletebyid', { id: saved.json().data.id });
  });

  it('retries a failing endpoint, logs every attempt, gives up after the last delay, and replays on demand', async () => {
    rx.got.length = 0;
    rx.state.fail = 2;
    await submit('Hotel');
    await deliver();
    await new Promise((r) => setTimeout(r, 450));
    await deliver();
    await new Promise((r) => setTimeout(r, 450));
    await deliver();
    expect(rx.got.map((g) => g.body.type)).toEqual(['record.submitted']);
    const log = await o.post('admin', '/api/webhook/executionlog', { webhookId: hookId, page: 1, length: 3 });
    const rows = log.json().data.data as {
      attempt: number;
      outcome: string;
      statusCode: number;
      responseExcerpt: string;
    }[];
    expect(rows.map((r) => [r.attempt, r.outcome, r.statusCode])).toEqual([
      [3, 'delivered', 204],
      [2, 'failed', 500],
      [1, 'failed', 500],
    ]);
    expect(rows[1]!.responseExcerpt).toBe('busy, try later');
    // The same attempts in the run log, beside connector calls.
    const runLog = await o.post('admin', '/api/runlog/datatables', { kind: 'webhook', length: 3 });
    expect(runLog.json().data.data.map((r: { outcome: string; status: number }) => [r.outcome, r.status])).toEqual([
      ['ok', 204],
      ['failed', 500],
      ['failed', 500],
    ]);
    expect(runLog.json().data.data[0]).toMatchObject({ source_name: 'Claims feed', trigger: 'record.submitted' });
    const cody = await o.post('cody', '/api/runlog/datatables', { kind: 'webhook' });
    expect(cody.json().data.data.length).toBeGreaterThan(0); // consultants manage webhooks

    // Always failing: three attempts, then given up; the webhook shows it; a replay sends it again.
    rx.got.length = 0;
    rx.state.fail = 3;
    const since = new Date().toISOString();
    await submit('Train');
    for (let i = 0; i < 3; i++) {
      await deliver();
      await new Promise((r) => setTimeout(r, 450));
    }
    const hook = await o.get('admin', `/api/webhook/detail?id=${hookId}`);
    expect(hook.json().data).toMatchObject({ failed: 1, pending: 0 });
    expect(hook.json().data.failingSince).not.toBeNull();
    const failed = await o.post('admin', '/api/webhook/executionlog', {
      webhookId: hookId,
      outcome: 'failed',
      length: 1,
    });
    expect(failed.json().data.data[0]).toMatchObject({ deliveryStatus: 'failed', event: 'record.submitted' });
    const replayed = await o.post('admin', '/api/webhook/replay', { webhookId: hookId, since });
    expect(replayed.json()).toMatchObject({ success: true, data: { replayed: 1 } });
    await deliver();
    expect(rx.got.map((g) => g.body.data.record.fields?.title)).toEqual(['Train']);
    const healed = await o.get('admin', `/api/webhook/detail?id=${hookId}`);
    expect(healed.json().data).toMatchObject({ failed: 0, failingSince: null });
    const again = await o.post('admin', '/api/webhook/replay', {
      deliveryId: failed.json().data.data[0].deliveryId,
    });
    expect(again.json().data.replayed).toBe(1);
    await deliver();
    expect(rx.got).toHaveLength(2);
    expect(rx.got[0]!.id).toBe(rx.got[1]!.id); // the same webhook-id: the receiver can tell it is a repeat
  });

  it('turns off an endpoint that keeps failing and tells its owner', async () => {
    const opts = o.t.app.webhooks.opts;
    const was = opts.disableAfterMs;
    opts.disableAfterMs = 1;
    rx.state.fail = 100;
    try {
      await submit('Ferry');
      await deliver();
      await new Promise((r) => setTimeout(r, 450));
      await deliver();
    } finally {
      opts.disableAfterMs = was;
      rx.state.fail = 0;
    }
    const hook = await o.get('admin', `/api/webhook/detail?id=${hookId}`);
    expect(hook.json().data.active).toBe(false);
    expect(hook.json().data.disabledReason).toMatch(/^Turned off on /);
    await o.t.ctx.outbox.drain();
    const note = await o.tdb
      .selectFrom('notifications')
      .select('notification_content')
      .where('user_id', '=', o.id.admin!)
      .where('notification_type_name', '=', 'webhook')
      .executeTakeFirstOrThrow();
    expect(note.notification_content).toMatch(/^Webhook Claims feed was turned off/);
    // Turned back on: the waiting delivery goes out.
    rx.got.length = 0;
    const on = await o.post('admin', '/api/webhook/save', { ...hook.json().data, active: true, secret: undefined });
    expect(on.json(), on.body).toMatchObject({ success: true, data: { active: true, disabledReason: null } });
    await new Promise((r) => setTimeout(r, 450)); // its next retry's time
    await deliver();
    expect(rx.got.map((g) => g.body.data.record.fields?.title)).toEqual(['Ferry']);
  });

  it('two nodes sending at once deliver each event once', async () => {
    const second = await buildApp({ config: o.t.config, db: o.t.db, logger: false });
    try {
      rx.got.length = 0;
      for (const title of ['N1', 'N2', 'N3', 'N4', 'N5', 'N6']) await submit(title);
      await o.t.ctx.outbox.drain();
      await Promise.all([o.t.app.webhooks.drain(), second.app.webhooks.drain(), o.t.app.webhooks.drain()]);
      const ids = rx.got.map((g) => g.id);
      expect(ids).toHaveLength(6);
      expect(new Set(ids).size).toBe(6);
    } finally {
      await second.app.close();
    }
  });

  it('a delivery waiting for its retry is sent once by the server that starts after a restart', async () => {
    rx.got.length = 0;
    rx.state.fail = 1;
    await submit('Bus');
    await deliver(); // the first attempt fails; the retry is due 400 ms later (after this drain, however slow the machine)
    expect(rx.got).toHaveLength(0);
    await o.t.app.close();
    const next = await buildApp({ config: o.t.config, db: o.t.db, logger: false });
    o.t.app = next.app;
    o.t.ctx = next.ctx;
    await new Promise((r) => setTimeout(r, 450));
    await next.ctx.outbox.drain();
    await next.app.webhooks.drain();
    await next.app.webhooks.drain();
    expect(rx.got.map((g) => g.body.data.record.fields?.title)).toEqual(['Bus']);
  });
});
