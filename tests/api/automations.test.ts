import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { openDatabase, type Database } from '../../src/server/db/database.js';
import { bearer } from '../support/auth.js';
import { allowPrivateEgress, publishApp, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';

const R = '/api/rpa';
const A = 'acme.localhost';

/** A small REST service standing in for another system: an order's status by customer; 'down' answers 503. */
function startOrders() {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const customer = /customers\/([^/?]+)/.exec(req.url ?? '')?.[1] ?? '';
    if (customer === 'down') return res.writeHead(503).end('asleep');
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ id: `o-${customer}`, status: customer === 'acme' ? 'open' : 'closed' }));
  });
  return { server, hits };
}

describe.each(await testDialects())('robotic automation on %s', (dialect) => {
  const o = useOffice(dialect, ['sam']);
  const orders = startOrders();
  let moduleId = '';
  let connectorId = '';
  const others: { app: FastifyInstance; db: Database }[] = [];
  const post = (url: string, body: object, who = 'admin') => o.post(who, url, body);
  const records = () =>
    o.tdb
      .selectFrom('records')
      .select(['id', 'data', 'is_draft', 'created_by'])
      .where('module_id', '=', moduleId)
      .execute();
  const runsOf = (id: string) =>
    o.tdb.selectFrom('automation_runs').selectAll().where('automation_id', '=', id).orderBy('started_on').execute();
  /** Another server node on the same database. */
  async function node() {
    const db = openDatabase(o.t.config);
    const { app } = await buildApp({ config: o.t.config, db, logger: false });
    others.push({ app, db });
    return app;
  }
  const createStep = (title = 'Daily check {{run.day}}') => ({
    id: 'make',
    type: 'create-record',
    config: { moduleId, values: [{ field: 'title', value: title }], submit: false },
  });
  const save = (extra: object = {}) =>
    post(`${R}/save`, {
      name: 'Daily check',
      active: true,
      trigger: { kind: 'interval', minutes: 5 },
      steps: [createStep()],
      ...extra,
    });

  beforeAll(async () => {
    await new Promise<void>((r) => orders.server.listen(0, '127.0.0.1', r));
    await allowPrivateEgress(o, true);
    moduleId = await publishApp(o, 'Site checks', {
      display_name: 'Site checks',
      fieldGroups: [
        {
          id: 'g',
          label: 'Check',
          rows: [
            {
              fields: [
                { name: 'title', label: 'Title', fieldType: 'text' },
                { name: 'status', label: 'Status', fieldType: 'text' },
              ],
            },
          ],
        },
      ],
    });
    const c = await post('/api/dataconnector/save', {
      dcType: 'rest',
      name: 'Order status',
      config: {
        method: 'GET',
        url: `http://127.0.0.1:${(orders.server.address() as AddressInfo).port}/customers/{{customer}}`,
        headers: [],
        query: [],
        bodyType: 'none',
        body: [],
        responsePath: '',
        outputs: [
          { path: 'status', field: 'status' },
          { path: 'id', field: 'order' },
        ],
      },
    });
    expect(c.json(), c.body).toMatchObject({ success: true });
    connectorId = c.json().data.id;
  });
  afterAll(async () => {
    for (const n of others) {
      await n.app.close();
      await n.db.close();
    }
    await new Promise<void>((r) => orders.server.close(() => r()));
  });

  it('checks what it saves: the timetable, the steps and what they name', async () => {
    const bad: [object, string][] = [
      [
        { trigger: { kind: 'schedule', cron: '61 * * * *', timeZone: 'UTC' } },
        'Schedule: Invalid value for minute: 61',
      ],
      [
        { trigger: { kind: 'schedule', cron: '0 9 * * *', timeZone: 'Mars/Olympus' } },
        "Time zone: 'Mars/Olympus' is not a time zone (such as Europe/London)",
      ],
      [{ steps: [{ id: 'x', type: 'teleport', config: {} }] }, "Step 1 (x): 'teleport' is not a kind of step"],
      [{ steps: [createStep(), createStep()] }, 'Step 2 (make): another step has the same id'],
      [
        { steps: [{ id: 'x', type: 'condition', config: { value: 'a', operator: 'like', compareTo: '' } }] },
        'Step 1 (x): operator must be equal to one of the allowed values',
      ],
      [
        { steps: [{ id: 'x', type: 'call-connector', config: { connectorId: 'gone', inputs: [] } }] },
        'Step 1 (x): the data connector chosen no longer exists',
      ],
      [{ name: '' }, 'Name is required'],
    ];
    for (const [extra, message] of bad) {
      const r = await save(extra);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().message).toBe(message);
    }
    const wrongApp = await save({
      steps: [{ id: 'x', type: 'create-record', config: { moduleId: 'no-such-app', values: [], submit: false } }],
    });
    expect(wrongApp.json().success).toBe(false);
  });

  it('runs on its timetable with a clock the test controls; a dry run writes nothing', async () => {
    const saved = await save({ name: 'Every five minutes' });
    expect(saved.json(), saved.body).toMatchObject({ success: true, data: { active: true, misfire: 'once' } });
    const a = saved.json().data;
    const due = new Date(a.nextRunOn);
    expect(due.getTime()).toBeGreaterThan(Date.now());
    expect(due.getUTCMinutes() % 5).toBe(0);

    const dry = await post(`${R}/execute/test`, { id: a.id });
    expect(dry.json(), dry.body).toMatchObject({
      success: true,
      data: { status: 'Succeeded', steps: [{ id: 'make', status: 'Succeeded', output: { recordId: null } }] },
    });
    expect(dry.json().data.steps[0].output.wouldCreate.title).toMatch(/^Daily check \d{4}-\d{2}-\d{2}$/);
    expect(await records()).toHaveLength(0);
    expect(await runsOf(a.id)).toHaveLength(0);

    // Before its time nothing runs; at its time exactly one run, which makes the record in the owner's name.
    expect(await o.t.app.automations.tick(new Date(due.getTime() - 1000))).toBe(0);
    expect(await o.t.app.automations.tick(new Date(due.getTime() + 500))).toBe(1);
    const made = await records();
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ is_draft: 1, created_by: o.id.admin });
    expect(JSON.parse(made[0]!.data as string).title).toBe(`Daily check ${due.toISOString().slice(0, 10)}`);
    const detail = (await o.get('admin', `${R}/detail/${a.id}`)).json().data;
    expect(detail).toMatchObject({
      lastStatus: 'Succeeded',
      nextRunOn: new Date(due.getTime() + 300_000).toISOString(),
    });
  });

  it('runs each slot once with two nodes, survives a restart, and keeps its next run across an edit', async () => {
    const a = (await save({ name: 'Two nodes' })).json().data;
    const second = await node();
    const due = new Date(a.nextRunOn);
    const at = new Date(due.getTime() + 1000);
    // Other automations of this file are due at the same times: only this one's runs are counted.
    await Promise.all([o.t.app.automations.tick(at), second.automations.tick(at)]);
    const [run] = await runsOf(a.id);
    expect(run).toMatchObject({ status: 'Succeeded', slot: due.toISOString() });
    const made = (JSON.parse(run!.steps) as { output: { recordId: string } }[])[0]!.output.recordId;
    expect((await records()).filter((r) => r.id === made)).toHaveLength(1);
    // A node whose lease ran out mid-run comes back for the same slot: the run row is the backstop.
    await o.t.db.system
      .updateTable('automation_leases')
      .set({ due_on: due.toISOString(), lease_owner: null, lease_until: null })
      .where('automation_id', '=', a.id)
      .execute();
    await second.automations.tick(at);
    expect(await runsOf(a.id)).toHaveLength(1);

    // An edit that keeps the timetable keeps the next run; a new timetable counts from now.
    const fresh = (await o.get('admin', `${R}/detail/${a.id}`)).json().data;
    const renamed = await post(`${R}/update`, { ...fresh, name: 'Two nodes renamed' });
    expect(renamed.json(), renamed.body).toMatchObject({ success: true, data: { nextRunOn: fresh.nextRunOn } });
    const stale = await post(`${R}/update`, { ...fresh, name: 'Too late' });
    expect(stale.statusCode).toBe(409);

    // A node started later (a restart) runs the next slot; one missed while down runs once ('once').
    await others[0]!.app.close();
    const third = await node();
    const next = new Date(fresh.nextRunOn);
    await third.automations.tick(new Date(next.getTime() + 20 * 60_000));
    const runs = await runsOf(a.id);
    expect(runs.map((r) => r.slot)).toEqual([due.toISOString(), next.toISOString()]);
    const after = (await o.get('admin', `${R}/detail/${a.id}`)).json().data;
    expect(new Date(after.nextRunOn).getTime()).toBeGreaterThan(next.getTime() + 20 * 60_000);
  });

  it('skips a missed run when told to, and stops when paused', async () => {
    const a = (await save({ name: 'Skip missed', misfire: 'skip' })).json().data;
    const due = new Date(a.nextRunOn);
    await o.t.app.automations.tick(new Date(due.getTime() + 10 * 60_000));
    expect(await runsOf(a.id)).toHaveLength(0);
    const d = (await o.get('admin', `${R}/detail/${a.id}`)).json().data;
    expect(new Date(d.nextRunOn).getTime()).toBeGreaterThan(due.getTime() + 10 * 60_000);
    const paused = await post(`${R}/update`, { ...d, active: false });
    expect(paused.json().data).toMatchObject({ active: false, nextRunOn: null });
    await o.t.app.automations.tick(new Date(Date.now() + 86_400_000));
    expect(await runsOf(a.id)).toHaveLength(0);
  });

  it('chains a connector call, a condition and a record by hand, logging each step', async () => {
    const steps = [
      { id: 'fetch', type: 'call-connector', config: { connectorId, inputs: [{ name: 'customer', value: 'acme' }] } },
      {
        id: 'isOpen',
        type: 'condition',
        config: { value: '{{fetch.outputs.status}}', operator: 'eq', compareTo: 'open' },
      },
      {
        id: 'make',
        type: 'create-record',
        config: {
          moduleId,
          values: [
            { field: 'title', value: 'Order {{fetch.outputs.order}}' },
            { field: 'status', value: '{{fetch.outputs.status}}' },
          ],
          submit: false,
        },
      },
    ];
    const a = (await save({ name: 'Open orders', trigger: { kind: 'manual' }, steps })).json().data;
    expect(a.nextRunOn).toBeNull();
    const hitsBefore = orders.hits.length;
    const dry = (await post(`${R}/execute/test`, { id: a.id })).json().data;
    expect(dry.steps[0].output).toEqual({ wouldCall: 'Order status', input: { customer: 'acme' } });
    expect(orders.hits.length).toBe(hitsBefore);

    const ran = await post(`${R}/execute`, { id: a.id });
    expect(ran.json(), ran.body).toMatchObject({
      success: true,
      message: 'The automation has run.',
      data: {
        status: 'Succeeded',
        trigger: 'manual',
        steps: [
          { id: 'fetch', status: 'Succeeded', output: { status: 200, outputs: { status: 'open', order: 'o-acme' } } },
          { id: 'isOpen', status: 'Succeeded', output: { met: true } },
          { id: 'make', status: 'Succeeded' },
        ],
      },
    });
    const recordId = ran.json().data.steps[2].output.recordId as string;
    const row = (await records()).find((r) => r.id === recordId)!;
    expect(JSON.parse(row.data as string)).toMatchObject({ title: 'Order o-acme', status: 'open' });

    // A condition that does not hold ends the run as stopped; the steps after it are skipped.
    const closed = structuredClone(steps);
    closed[0]!.config.inputs = [{ name: 'customer', value: 'globex' }];
    const b = (await save({ name: 'Closed orders', trigger: { kind: 'manual' }, steps: closed })).json().data;
    const stopped = (await post(`${R}/execute`, { id: b.id })).json().data;
    expect(stopped.status).toBe('Stopped');
    expect(stopped.steps.map((s: { status: string }) => s.status)).toEqual(['Succeeded', 'Stopped', 'Skipped']);

    const log = (await post(`${R}/executed`, { automationId: a.id })).json().data;
    expect(log).toMatchObject({ recordsTotal: 1, data: [{ automationName: 'Open orders', status: 'Succeeded' }] });
    const calls = (await post('/api/runlog/datatables', { kind: 'connector' })).json().data.data;
    expect(calls.find((c: { step: string }) => c.step === 'Open orders')).toMatchObject({
      source_name: 'Order status',
      trigger: 'automation',
      outcome: 'ok',
    });
  });

  it('tells its owner after the set number of failures in a row, and shows runs on the dashboard', async () => {
    const steps = [
      { id: 'fetch', type: 'call-connector', config: { connectorId, inputs: [{ name: 'customer', value: 'down' }] } },
      createStep(),
    ];
    const a = (await save({ name: 'Flaky', trigger: { kind: 'manual' }, steps, notifyAfter: 2 })).json().data;
    const notes = () =>
      o.tdb
        .selectFrom('outbox')
        .select('payload')
        .where('kind', '=', 'notification')
        .execute()
        .then((rows) => rows.map((r) => String(r.payload)).filter((p) => p.includes('Automation Flaky')));
    const first = await post(`${R}/execute`, { id: a.id });
    expect(first.json().data).toMatchObject({ status: 'Failed', steps: [{ status: 'Failed' }, { status: 'Skipped' }] });
    expect(first.json().message).toMatch(/^The run failed: fetch: /);
    expect(await notes()).toHaveLength(0);
    await post(`${R}/execute`, { id: a.id });
    expect(await notes()).toHaveLength(1);
    expect((await o.get('admin', `${R}/detail/${a.id}`)).json().data).toMatchObject({
      failuresInRow: 2,
      lastStatus: 'Failed',
    });

    const board = (await o.get('admin', `${R}/dashboard?id=${a.id}&days=7`)).json().data;
    expect(board.days).toHaveLength(7);
    expect(board).toMatchObject({ runs: 2, successRate: 0 });
    expect(board.days.at(-1)).toMatchObject({ runs: 2, failed: 2, succeeded: 0 });
    const all = (await o.get('admin', `${R}/dashboard`)).json().data;
    expect(all.runs).toBeGreaterThan(2);
    expect(all.successRate).toBeGreaterThan(0);
  });

  it('runs once for each record event it listens to, with the record as its owner sees it', async () => {
    const saved = await save({
      name: 'Follow up',
      trigger: { kind: 'record', moduleId, events: ['record.submitted'] },
      steps: [createStep('Follow-up of {{run.record.fields.title}} ({{run.event}})')],
    });
    expect(saved.json(), saved.body).toMatchObject({ success: true, data: { nextRunOn: null } });
    const id = saved.json().data.id as string;
    const bad = await save({ name: 'Nowhere', trigger: { kind: 'record', moduleId, events: [] } });
    expect(bad.statusCode).toBe(400);
    const missing = await save({
      name: 'Nowhere',
      trigger: { kind: 'record', moduleId: '00000000-0000-4000-8000-000000000000', events: ['record.submitted'] },
    });
    expect(missing.json()).toMatchObject({ success: false, message: 'App not found' });
    for (const title of ['Boiler', 'Roof']) {
      const r = await post('/api/EntryModule/submit', { moduleId, data: { title } });
      expect(r.json(), r.body).toMatchObject({ success: true });
    }
    for (let i = 0; i < 2; i++) {
      await o.t.ctx.outbox.drain();
      await o.t.app.automations.tick(new Date(Date.now() + 1000));
    }
    const made = (await records()).map((r) => JSON.parse(r.data).title as string).filter((t) => t.startsWith('Follow'));
    expect(made.sort()).toEqual(['Follow-up of Boiler (record.submitted)', 'Follow-up of Roof (record.submitted)']);
    const runs = await runsOf(id);
    expect(runs.map((r) => [r.trigger, r.status])).toEqual([
      ['record', 'Succeeded'],
      ['record', 'Succeeded'],
    ]);
    const queued = await o.tdb.selectFrom('automation_events').selectAll().execute();
    expect(queued).toEqual([]);
    // Paused, it hears nothing.
    const paused = await post(`${R}/update`, {
      id,
      name: 'Follow up',
      active: false,
      trigger: { kind: 'record', moduleId, events: ['record.submitted'] },
      steps: [createStep('x')],
      version: saved.json().data.version,
    });
    expect(paused.json(), paused.body).toMatchObject({ success: true });
    await post('/api/EntryModule/submit', { moduleId, data: { title: 'Fence' } });
    await o.t.ctx.outbox.drain();
    await o.t.app.automations.tick(new Date(Date.now() + 1000));
    expect(await runsOf(id)).toHaveLength(2);
    await o.t.app.inject({ method: 'DELETE', url: `${R}/delete/${id}`, headers: bearer(o.tok.admin!, A) });
  });

  it('sends mail from a template through the outbox, once per address; a dry run sends nothing', async () => {
    const mails = () =>
      o.tdb.selectFrom('outbox').select(['payload', 'idempotency_key']).where('kind', '=', 'mail').execute();
    const before = (await mails()).length;
    const steps = [
      {
        id: 'tell',
        type: 'send-mail',
        config: { to: 'ops@acme.test; boss@acme.test', subject: 'Report {{run.day}}', body: 'Run by {{run.trigger}}' },
      },
    ];
    const a = (await save({ name: 'Mail ops', trigger: { kind: 'manual' }, steps })).json().data;
    const dry = (await post(`${R}/execute/test`, { id: a.id })).json().data;
    expect(dry.steps[0].output.wouldSend.to).toEqual(['ops@acme.test', 'boss@acme.test']);
    expect((await mails()).length).toBe(before);
    const ran = await post(`${R}/execute`, { id: a.id });
    expect(ran.json().data.status, ran.body).toBe('Succeeded');
    const sent = (await mails()).slice(before).map((m) => JSON.parse(m.payload));
    const day = new Date().toISOString().slice(0, 10);
    expect(sent).toEqual([
      { to: 'ops@acme.test', subject: `Report ${day}`, text: 'Run by manual' },
      { to: 'boss@acme.test', subject: `Report ${day}`, text: 'Run by manual' },
    ]);
    const bad = (
      await save({
        name: 'Bad mail',
        trigger: { kind: 'manual' },
        steps: [{ ...steps[0], config: { ...steps[0]!.config, to: 'nobody' } }],
      })
    ).json().data;
    const failed = (await post(`${R}/execute`, { id: bad.id })).json().data;
    expect(failed.status).toBe('Failed');
    expect(failed.error).toBe("tell: 'nobody' is not an e-mail address.");
  });

  it('lists, and deletes with its runs and its due time', async () => {
    const list = (await post(`${R}/datatables`, { search: 'orders' })).json().data;
    expect(list.data.map((a: { name: string }) => a.name)).toEqual(['Closed orders', 'Open orders']);
    const id = list.data[0].id as string;
    const del = await o.t.app.inject({ method: 'DELETE', url: `${R}/delete/${id}`, headers: bearer(o.tok.admin!, A) });
    expect(del.json(), del.body).toMatchObject({ success: true, data: { id } });
    expect(await runsOf(id)).toHaveLength(0);
    const lease = await o.t.db.system
      .selectFrom('automation_leases')
      .selectAll()
      .where('automation_id', '=', id)
      .execute();
    expect(lease).toHaveLength(0);
    expect((await o.get('admin', `${R}/detail/${id}`)).statusCode).toBe(404);
  });
});
