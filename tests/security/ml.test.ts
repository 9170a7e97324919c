import { beforeAll, describe, expect, it } from 'vitest';
import { twoStepApproval } from '../fixtures/definitions.js';
import { testDialects } from '../support/databases.js';
import { useOffice } from '../support/office.js';
import { TenantDb } from '../../src/server/tenancy/tenant-db.js';
import { addClaims, mlApp } from '../fixtures/ml/expenses.js';

describe.each(await testDialects())('machine-learning suggestions under attack on %s', (dialect) => {
  const o = useOffice(dialect, ['sam', 'rita'], { bravo: true });
  let moduleId = '';
  const body = { values: { title: 'taxi hotel flight', details: 'airport train' } };
  beforeAll(async () => {
    moduleId = await mlApp(o, 'Expense claims', ['suggest-value']);
    await addClaims(o, moduleId, 30);
    expect((await o.post('sam', `/api/ml/suggest/${moduleId}`, body)).json().data).toHaveLength(1);
  });

  it('another tenant neither uses nor sees the model', async () => {
    expect((await o.post('bravo', `/api/ml/suggest/${moduleId}`, body)).statusCode).toBe(404);
    expect((await o.get('bravo', `/api/ml/models/${moduleId}`)).statusCode).toBe(404);
    expect((await o.post('bravo', `/api/ml/models/${moduleId}/train`)).statusCode).toBe(404);
    const bravo = await o.t.db.system
      .selectFrom('tenants')
      .select('id')
      .where('domain', '=', 'bravo')
      .executeTakeFirstOrThrow();
    const rows = await new TenantDb(bravo.id, o.t.db.forTenant(bravo.id)).selectFrom('ml_models').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('a user who may not create records of the app gets nothing; a record they cannot open is not found', async () => {
    await o.tdb
      .updateTable('modules')
      .set({ permission: JSON.stringify({ rules: { create: { users: [o.id.sam] }, view: { users: [o.id.sam] } } }) })
      .where('id', '=', moduleId)
      .execute();
    const refused = await o.post('rita', `/api/ml/suggest/${moduleId}`, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().success).toBe(false);
    const saved = await o.post('sam', '/api/EntryModule/save', { moduleId, data: { title: 'taxi' } });
    const recordId = saved.json().data.id as string;
    const other = await o.post('rita', `/api/ml/suggest/${moduleId}`, { ...body, recordId });
    expect(other.statusCode).toBe(404);
    // A regular user may not read or retrain the models.
    expect((await o.get('sam', `/api/ml/models/${moduleId}`)).statusCode).toBe(403);
    await o.tdb.updateTable('modules').set({ permission: '{}' }).where('id', '=', moduleId).execute();
  });

  it('suggests no field hidden or read-only at the step, and reads no hidden text field', async () => {
    const wf = (start: object) => ({ ...twoStepApproval, permissions: { defaults: {}, steps: { 'fs-start': start } } });
    const hidden = await mlApp(o, 'Hidden category', ['suggest-value'], wf({ category: { visibility: 'hidden' } }));
    const readonly = await mlApp(o, 'Fixed category', ['suggest-value'], wf({ category: { editability: 'readonly' } }));
    const secret = await mlApp(o, 'Secret details', ['suggest-value'], wf({ details: { visibility: 'hidden' } }));
    for (const id of [hidden, readonly, secret]) await addClaims(o, id, 30);
    expect((await o.post('sam', `/api/ml/suggest/${hidden}`, body)).json().data).toEqual([]);
    expect((await o.post('sam', `/api/ml/suggest/${readonly}`, body)).json().data).toEqual([]);
    const onlyDetails = { values: { details: 'taxi hotel flight airport' } };
    expect((await o.post('sam', `/api/ml/suggest/${secret}`, onlyDetails)).json().data).toEqual([]);
    expect((await o.post('sam', `/api/ml/suggest/${secret}`, body)).json().data[0]).toMatchObject({ value: 'travel' });
  });

  it('answers only a value, its label and a confidence: never a training record; drafts never train', async () => {
    await o.post('sam', '/api/EntryModule/save', { moduleId, data: { title: 'zeppelin', category: 'meals' } });
    await o.post('admin', `/api/ml/models/${moduleId}/train`);
    const [s] = (await o.post('sam', `/api/ml/suggest/${moduleId}`, body)).json().data;
    expect(Object.keys(s).sort()).toEqual(['confidence', 'field', 'label', 'value']);
    expect((await o.post('sam', `/api/ml/suggest/${moduleId}`, { values: { title: 'zeppelin' } })).json().data).toEqual(
      [],
    );
    const stored = await o.tdb.selectFrom('ml_models').select('model').where('module_id', '=', moduleId).execute();
    expect(stored.map((r) => r.model).join()).not.toContain('For the client meeting');
  });
});
