import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowPrivateEgress, publishApp, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';

/** An ERP standing in for another system: creates orders, or is down for upkeep. */
function startErp() {
  const seen: { url: string; body: string }[] = [];
  const state = { down: false };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', body });
      if (state.down) return res.writeHead(503, { 'content-type': 'text/plain' }).end('down for upkeep');
      const customer = decodeURIComponent(/\/orders\/([^/?]+)/.exec(req.url ?? '')?.[1] ?? '');
      res
        .writeHead(201, { 'content-type': 'application/json' })
        .end(JSON.stringify({ order: { ref: `SO-${customer.toUpperCase()}`, total: 42 } }));
    });
  });
  return { server, seen, state };
}

const form = {
  display_name: 'Orders',
  fieldGroups: [
    {
      id: 'g',
      label: 'G',
      rows: [
        {
          fields: [
            { name: 'customer', label: 'Customer', fieldType: 'text' },
            { name: 'order_ref', label: 'Order reference', fieldType: 'text' },
          ],
        },
      ],
    },
  ],
};

const at = (left: number) => ({ left, top: 0 });

describe.each(await testDialects())('workflow steps that call a data connector on %s', (dialect) => {
  // Long enough that one drain (its passes run until none is due) cannot reach the retry on a busy machine.
  const o = useOffice(dialect, ['sam'], { env: { CONNECTOR_STEP_RETRY_MS: '1500' } });
  const erp = startErp();
  let connectorId = '';
  let viaStep = '';
  let finishing = '';
  const run = () => o.t.app.connectorSteps.drain();
  const submit = async (moduleId: string, customer: string) => {
    const r = await o.post('sam', '/api/EntryModule/submit', { moduleId, data: { customer } });
    expect(r.json(), r.body).toMatchObject({ success: true });
    return r.json().data.recordId as string;
  };
  const record = (id: string) => o.tdb.selectFrom('records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    await new Promise<void>((r) => erp.server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(erp.server.address() as AddressInfo).port}`;
    await allowPrivateEgress(o, true);
    const saved = await o.post('admin', '/api/dataconnector/save', {
      dcType: 'rest',
      name: 'ERP orders',
      config: {
        method: 'POST',
        url: `${base}/orders/{{client}}`,
        headers: [],
        query: [],
        bodyType: 'json',
        body: [{ name: 'customer', value: '{{client}}' }],
        responsePath: 'order',
        outputs: [{ path: 'ref', field: 'order_ref' }],
      },
    });
    expect(saved.json(), saved.body).toMatchObject({ success: true });
    connectorId = saved.json().data.id;
    viaStep = await publishApp(o, 'Orders', form, {
      activities: [
        { activityId: 'start', type: 'StartProcess', displayName: 'Start', position: at(0) },
        {
          activityId: 'erp',
          type: 'DataConnector',
          displayName: 'Order in the ERP',
          position: at(200),
          properties: { connectorId, inputs: [{ input: 'client', field: 'customer' }], attempts: 2, timeoutSeconds: 5 },
        },
        {
          activityId: 'check',
          type: 'Assignment',
          displayName: 'Check the order',
          position: at(400),
          properties: { approvers: [{ type: 'user', id: o.id.admin }], approvalMode: 'any', taskType: 'Approval' },
        },
        { activityId: 'done', type: 'CompletedProcess', displayName: 'Completed', position: at(600) },
      ],
      connections: [
        { sourceActivityId: 'start', targetActivityId: 'erp', outcome: 'Done' },
        { sourceActivityId: 'erp', targetActivityId: 'check', outcome: 'Done' },
        { sourceActivityId: 'check', targetActivityId: 'done', outcome: 'Approved' },
      ],
    });
    finishing = await publishApp(
      o,
      'Closing orders',
      { ...form, display_name: 'Closing orders' },
      {
        activities: [
          { activityId: 'start', type: 'StartProcess', displayName: 'Start', position: at(0) },
          {
            activityId: 'finish',
            type: 'Finish',
            displayName: 'Close in the ERP',
            position: at(200),
            properties: { connectorId, inputs: [{ input: 'client', field: 'customer' }] },
          },
          { activityId: 'done', type: 'CompletedProcess', displayName: 'Completed', position: at(400) },
        ],
        connections: [
          { sourceActivityId: 'start', targetActivityId: 'finish', outcome: 'Done' },
          { sourceActivityId: 'finish', targetActivityId: 'done', outcome: 'Done' },
        ],
      },
    );
  });
  afterAll(() => new Promise<void>((r) => erp.server.close(() => r())));

  it('calls the connector after the submit commits, writes its outputs into fields and goes on', async () => {
    erp.seen.length = 0;
    const id = await submit(viaStep, 'acme');
    // Parked at the step: nothing sent inside the submit's transaction.
    expect(erp.seen).toEqual([]);
    expect(await record(id)).toMatchObject({ workflow_activity_id: 'erp', workflow_activity_name: 'Order in the ERP' });
    await run();
    expect(erp.seen.map((s) => [s.url, s.body])).toEqual([['/orders/acme', '{"customer":"acme"}']]);
    const after = await record(id);
    expect(JSON.parse(after.data)).toMatchObject({ customer: 'acme', order_ref: 'SO-ACME' });
    expect(after.workflow_activity_id).toBe('check');
    const task = await o.tdb
      .selectFrom('tasks')
      .select(['assignee_id', 'status'])
      .where('record_id', '=', id)
      .execute();
    expect(task).toEqual([{ assignee_id: o.id.admin, status: 'In Progress' }]);
    const history = await o.get('sam', `/api/EntryModule/${id}/detail`);
    expect(history.json().data.data.order_ref).toBe('SO-ACME');
    expect(await run()).toBe(0); // made once
  });

  it('retries a failing call and then faults the process with the reason', async () => {
    erp.state.down = true;
    try {
      const id = await submit(viaStep, 'bravo');
      await run();
      expect((await record(id)).workflow_faulted_on).toBeNull(); // the first try failed; one more to go
      await new Promise((r) => setTimeout(r, 1600));
      await run();
      const r = await record(id);
      expect(r.workflow_status).toBe('Faulted');
      const faulted = await o.tdb
        .selectFrom('tasks')
        .select(['message', 'assignee_id'])
        .where('record_id', '=', id)
        .where('task_type', '=', 'Faulted')
        .executeTakeFirstOrThrow();
      expect(faulted).toEqual({
        assignee_id: o.id.sam,
        message: 'The data connector ERP orders failed: the other system answered 503',
      });
      expect(erp.seen.filter((s) => s.url === '/orders/bravo')).toHaveLength(2);
      // The record page offers to try the step again; the initiator does once the ERP is back.
      const detail = await o.get('sam', `/api/EntryModule/${id}/detail`);
      expect(detail.json().data.actions).toContain('retrystep');
      erp.state.down = false;
      const retried = await o.post('sam', '/api/EntryModule/workflow/retrystep', { recordId: id });
      expect(retried.json(), retried.body).toMatchObject({
        success: true,
        message: 'The step will be tried again now.',
      });
      await run();
      const back = await record(id);
      expect(back).toMatchObject({ workflow_activity_id: 'check', workflow_faulted_on: null });
      expect(JSON.parse(back.data).order_ref).toBe('SO-BRAVO');
      const again = await o.post('sam', '/api/EntryModule/workflow/retrystep', { recordId: id });
      expect(again.statusCode).toBe(409);
    } finally {
      erp.state.down = false;
    }
  });

  it('finishes a process through a connector (FinishDataconnector), and never calls for a withdrawn record', async () => {
    const id = await submit(finishing, 'cargo');
    expect((await record(id)).workflow_completed_on).toBeNull();
    await run();
    expect((await record(id)).workflow_status).toBe('Completed');
    expect(erp.seen.at(-1)!.url).toBe('/orders/cargo');

    erp.seen.length = 0;
    const gone = await submit(finishing, 'delta');
    const w = await o.post('sam', '/api/EntryModule/withdraw', { recordId: gone });
    expect(w.json(), w.body).toMatchObject({ success: true });
    await run();
    expect(erp.seen).toEqual([]);
    const call = await o.tdb
      .selectFrom('workflow_calls')
      .select('status')
      .where('record_id', '=', gone)
      .executeTakeFirstOrThrow();
    expect(call.status).toBe('stale');
  });
});
