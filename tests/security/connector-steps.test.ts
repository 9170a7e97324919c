import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowPrivateEgress, publishApp, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';

/** A workflow step calls another system in the platform's name: the same egress rules, and no write beyond its form. */
describe.each(await testDialects())('connector step attack cases on %s', (dialect) => {
  const o = useOffice(dialect, ['sam'], { env: { CONNECTOR_STEP_RETRY_MS: '10' } });
  const hits: string[] = [];
  const api = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    // An answer that tries to set fields the form does not have, and the record's own columns.
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ ref: 'R-1', created_by: 'attacker', is_admin: true, __proto__x: 1 }));
  });
  let moduleId = '';

  beforeAll(async () => {
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    await allowPrivateEgress(o, true);
    const saved = await o.post('admin', '/api/dataconnector/save', {
      dcType: 'rest',
      name: 'Echo',
      config: {
        method: 'GET',
        url: `${base}/echo`,
        headers: [],
        query: [],
        bodyType: 'none',
        body: [],
        responsePath: '',
        outputs: [
          { path: 'ref', field: 'ref' },
          { path: 'created_by', field: 'created_by' },
          { path: 'is_admin', field: 'is_admin' },
        ],
      },
    });
    expect(saved.json(), saved.body).toMatchObject({ success: true });
    moduleId = await publishApp(
      o,
      'Echoes',
      {
        display_name: 'Echoes',
        fieldGroups: [
          { id: 'g', label: 'G', rows: [{ fields: [{ name: 'ref', label: 'Reference', fieldType: 'text' }] }] },
        ],
      },
      {
        activities: [
          { activityId: 'start', type: 'StartProcess', displayName: 'Start', position: { left: 0, top: 0 } },
          {
            activityId: 'call',
            type: 'DataConnector',
            displayName: 'Call',
            position: { left: 200, top: 0 },
            properties: { connectorId: saved.json().data.id, inputs: [], attempts: 1, timeoutSeconds: 5 },
          },
          { activityId: 'done', type: 'CompletedProcess', displayName: 'Completed', position: { left: 400, top: 0 } },
        ],
        connections: [
          { sourceActivityId: 'start', targetActivityId: 'call', outcome: 'Done' },
          { sourceActivityId: 'call', targetActivityId: 'done', outcome: 'Done' },
        ],
      },
    );
  });
  afterAll(() => new Promise<void>((r) => api.close(() => r())));

  const submit = async () => {
    const r = await o.post('sam', '/api/EntryModule/submit', { moduleId, data: { ref: '' } });
    expect(r.json(), r.body).toMatchObject({ success: true });
    return r.json().data.recordId as string;
  };
  const record = (id: string) => o.tdb.selectFrom('records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('refuses a private target once the organisation no longer allows it: the process faults, nothing is sent', async () => {
    await allowPrivateEgress(o, false);
    hits.length = 0;
    const id = await submit();
    await o.t.app.connectorSteps.drain();
    expect(hits).toEqual([]);
    const r = await record(id);
    expect(r.workflow_status).toBe('Faulted');
    const task = await o.tdb
      .selectFrom('tasks')
      .select('message')
      .where('record_id', '=', id)
      .where('task_type', '=', 'Faulted')
      .executeTakeFirstOrThrow();
    expect(task.message).toMatch(/^The data connector Echo failed: Calls to 127\.0\.0\.1 are not allowed/);
  });

  it("writes only the form's fields from an answer, never the record's own columns", async () => {
    await allowPrivateEgress(o, true);
    const id = await submit();
    await o.t.app.connectorSteps.drain();
    const r = await record(id);
    expect(r.workflow_status).toBe('Completed');
    expect(JSON.parse(r.data)).toEqual({ ref: 'R-1' });
    expect(r.created_by).toBe(o.id.sam);
  });
});
