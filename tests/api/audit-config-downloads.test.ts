import { describe, expect, it } from 'vitest';
import type { AuditRow } from '../../src/server/audit/schemas.js';
import { testDialects } from '../support/databases.js';
import { PNG } from '../support/files.js';
import { allowPrivateEgress, useOffice } from '../support/office.js';

/** Configuration changes (connectors, webhooks) and downloads (files, reference data exports) in the audit trail. */
describe.each(await testDialects())('audit trail of configuration and downloads on %s', (dialect) => {
  const o = useOffice(dialect, [{ username: 'dana', fullname: 'Dana Designer', isFullUser: true }]);
  const list = async (filters: object) => {
    const r = await o.post('admin', '/api/audittrail/datatables', filters);
    expect(r.statusCode, r.body).toBe(200);
    return (r.json().data as { data: AuditRow[] }).data;
  };

  it('records data connector create, update and delete with their changed settings', async () => {
    const config = { method: 'GET', url: 'https://orders.example.test/orders', responsePath: 'data' };
    const saved = await o.post('dana', '/api/dataconnector/save', { dcType: 'rest', name: 'Orders', config });
    expect(saved.json(), saved.body).toMatchObject({ success: true });
    const { id, version } = saved.json().data;
    const changed = await o.post('dana', '/api/dataconnector/save', {
      id,
      version,
      dcType: 'rest',
      name: 'Orders (EU)',
      config: { ...config, url: 'https://eu.orders.example.test/orders' },
    });
    expect(changed.json(), changed.body).toMatchObject({ success: true });
    expect((await o.post('dana', '/api/dataconnector/deletebyid', { id })).json()).toMatchObject({ success: true });

    const rows = await list({ targetType: 'connector', targetId: id });
    expect(rows.map((r) => r.action)).toEqual(['connector.delete', 'connector.update', 'connector.create']);
    expect(rows.every((r) => r.actorId === o.id.dana)).toBe(true);
    expect(rows[1]).toMatchObject({
      targetLabel: 'Orders (EU)',
      details: {
        dcType: 'rest',
        changes: {
          name: { from: 'Orders', to: 'Orders (EU)' },
          'config.url': { from: 'https://orders.example.test/orders', to: 'https://eu.orders.example.test/orders' },
        },
      },
    });
    expect(rows[0]).toMatchObject({ targetLabel: 'Orders (EU)' });
    expect((await list({ action: 'connector.create', targetId: id }))[0]!.details).toMatchObject({
      changes: { name: { from: null, to: 'Orders' } },
    });
  });

  it('records webhook create, update and delete without the signing secret', async () => {
    await allowPrivateEgress(o, true);
    const body = { name: 'Feed', url: 'http://127.0.0.1:9/hooks', events: ['record.submitted'] };
    const saved = await o.post('admin', '/api/webhook/save', body);
    expect(saved.json(), saved.body).toMatchObject({ success: true });
    const hook = saved.json().data;
    const secret = hook.secret as string | undefined;
    const updated = await o.post('admin', '/api/webhook/save', { ...hook, name: 'Feed v2', secret: undefined });
    expect(updated.json(), updated.body).toMatchObject({ success: true });
    expect((await o.post('admin', '/api/webhook/deletebyid', { id: hook.id })).json()).toMatchObject({ success: true });
    const rows = await list({ targetType: 'webhook', targetId: hook.id });
    expect(rows.map((r) => r.action)).toEqual(['webhook.delete', 'webhook.update', 'webhook.create']);
    expect(rows[1]!.details).toMatchObject({ changes: { name: { from: 'Feed', to: 'Feed v2' } } });
    if (secret) expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it('records file downloads and reference data exports', async () => {
    const up = await o.post('dana', '/api/form/AWSS3/UploadBase64', {
      fileName: 'stamp.png',
      base64: `data:image/png;base64,${PNG.toString('base64')}`,
    });
    expect(up.json(), up.body).toMatchObject({ success: true });
    const key = up.json().data.key as string;
    const got = await o.get('dana', `/api/form/AWSS3/GetFile?key=${key}`);
    expect(got.statusCode).toBe(200);
    // An image shown again in a form within the window is not another entry.
    expect((await o.get('dana', `/api/form/AWSS3/GetFile?key=${key}`)).statusCode).toBe(200);
    const files = await list({ action: 'file.download', targetId: key });
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      actorId: o.id.dana,
      targetType: 'file',
      targetLabel: 'stamp.png',
      details: { contentType: 'image/png', size: PNG.length },
    });

    const csv = Buffer.from('Code,Name\nCC-1,Finance\n').toString('base64');
    const imported = await o.post('dana', '/api/ReferenceData/import', {
      name: 'Cost centres',
      fileName: 'centres.csv',
      content: csv,
      mode: 'append',
    });
    expect(imported.json(), imported.body).toMatchObject({ success: true });
    const datasetId = imported.json().data.datasetId as string;
    expect((await o.get('dana', `/api/ReferenceData/export?id=${datasetId}&format=csv`)).statusCode).toBe(200);
    expect(await list({ action: 'refdata.export', targetId: datasetId })).toEqual([
      expect.objectContaining({ actorId: o.id.dana, targetLabel: 'Cost centres', details: { format: 'csv' } }),
    ]);
  });
});
