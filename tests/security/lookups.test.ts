import { beforeAll, describe, expect, it } from 'vitest';
import type { ModuleDefinition } from '../../schemas/module-definition.js';
import { twoStepApproval } from '../fixtures/definitions.js';
import { publishApp, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';

const text = (name: string) => ({ name, label: name, fieldType: 'text' });
const people: ModuleDefinition = {
  display_name: 'People',
  fieldGroups: [{ id: 'g', label: 'G', rows: [{ fields: [text('name'), text('salary'), text('team')] }] }],
};
const lookupTo = (moduleId: string, displayField: string, flowFrom = 'team'): ModuleDefinition => ({
  display_name: 'Picks',
  fieldGroups: [
    {
      id: 'g',
      label: 'G',
      rows: [
        {
          fields: [
            text('team'),
            text('copied'),
            {
              name: 'person',
              label: 'Person',
              fieldType: 'lookup',
              config: {
                moduleId,
                displayField,
                displayColumns: [],
                filters: [{ field: 'team', operator: 'eq', type: 'Field', value: 'team' }],
                sortType: 'Ascending',
                flowToLookUp: [{ from: flowFrom, to: 'copied' }],
              },
            },
          ],
        },
      ],
    },
  ],
});

/** Lookups read other apps' records: every answer is limited to what the caller may see there. */
describe.each(await testDialects())('lookup attack cases on %s', (dialect) => {
  const o = useOffice(dialect, ['sam', 'eve'], { bravo: true });
  let peopleId = '';
  let picksId = '';
  let rec = '';

  beforeAll(async () => {
    // salary is hidden at every step of People: no list shows it, so no lookup may label by it or copy it.
    const wf = { ...twoStepApproval, permissions: { defaults: { salary: { visibility: 'hidden' as const } } } };
    peopleId = await publishApp(o, 'People', people, wf);
    picksId = await publishApp(o, 'Picks', lookupTo(peopleId, 'name'));
    const r = await o.post('eve', '/api/EntryModule/submit', {
      moduleId: peopleId,
      data: { name: 'Eve', team: 'red' },
    });
    expect(r.json(), r.body).toMatchObject({ success: true });
    rec = r.json().data.recordId;
    // Set by someone at a step that may (no step of this test's workflow does): written straight to the record.
    await o.tdb
      .updateTable('records')
      .set({ data: JSON.stringify({ name: 'Eve', team: 'red', salary: '99000' }) })
      .where('id', '=', rec)
      .execute();
    const draft = await o.post('eve', '/api/EntryModule/save', {
      moduleId: peopleId,
      data: { name: 'Eve draft', team: 'red' },
    });
    expect(draft.json().success).toBe(true);
  });

  const search = (who: string, moduleId: string, values: Record<string, unknown>) =>
    o.post(who, '/api/EntryModule/RecordModuleLookup', { moduleId, field: 'person', values });

  it('never offers records of other people, drafts, or anything in another tenant', async () => {
    expect((await search('sam', picksId, { team: 'red' })).json().data.items).toEqual([]);
    const admin = (await search('admin', picksId, { team: 'red' })).json().data.items;
    expect(admin.map((i: { label: string }) => i.label)).toEqual(['Eve']);
    expect((await search('bravo', picksId, { team: 'red' })).statusCode).toBe(404);
    const forged = await o.post('sam', '/api/EntryModule/save', {
      moduleId: picksId,
      data: { team: 'red', person: { id: rec, label: 'Eve' } },
    });
    expect(forged.statusCode).toBe(422);
  });

  it('never labels by, shows or copies a field the looked-up app hides', async () => {
    const byHidden = await publishApp(o, 'Picks by salary', lookupTo(peopleId, 'salary'));
    const r = await search('admin', byHidden, { team: 'red' });
    expect(r.statusCode).toBe(400);
    const copyHidden = await publishApp(o, 'Picks copying salary', lookupTo(peopleId, 'name', 'salary'));
    const page = (await search('admin', copyHidden, { team: 'red' })).json().data;
    expect(JSON.stringify(page)).not.toContain('99000');
    const saved = await o.post('admin', '/api/EntryModule/save', {
      moduleId: copyHidden,
      data: { team: 'red', person: { id: rec, label: 'x' }, copied: 'typed' },
    });
    expect(saved.json(), saved.body).toMatchObject({ success: true });
    expect(saved.json().data.data.copied).toBeNull();
    const cols = (await o.get('admin', `/api/form/Editor/ColumnLookup?moduleId=${peopleId}`)).json().data;
    expect(cols.map((c: { name: string }) => c.name)).not.toContain('salary');
  });

  it('honours the looked-up app view rule and the form app create rule', async () => {
    const locked = await o.post('admin', '/api/form/Editor/UpdateModule', {
      id: peopleId,
      permission: { rules: { view: { roles: ['administrator'] } } },
    });
    expect(locked.json().success).toBe(true);
    expect((await search('eve', picksId, { team: 'red' })).json().data.items).toEqual([]);
    await o.post('admin', '/api/form/Editor/UpdateModule', { id: peopleId, permission: {} });
    await o.post('admin', '/api/form/Editor/UpdateModule', {
      id: picksId,
      permission: { rules: { create: { roles: ['administrator'] } } },
    });
    expect((await search('eve', picksId, { team: 'red' })).statusCode).toBe(403);
    await o.post('admin', '/api/form/Editor/UpdateModule', { id: picksId, permission: {} });
  });

  it('treats hostile values and search text as data, never as SQL', async () => {
    for (const team of ["red' or '1'='1", 'red%', '%', { id: "x' --", label: 'y' }]) {
      const r = await search('admin', picksId, { team });
      expect(r.statusCode, String(team)).toBe(200);
      expect(r.json().data.items).toEqual([]);
    }
    const r = await o.post('admin', '/api/EntryModule/RecordModuleLookup', {
      moduleId: picksId,
      field: 'person',
      values: { team: 'red' },
      search: "E%' or 1=1 --",
    });
    expect(r.json().data.items).toEqual([]);
    const proto = await o.post('admin', '/api/EntryModule/RecordModuleLookup', {
      moduleId: picksId,
      field: '__proto__',
    });
    expect(proto.statusCode).toBe(400);
  });

  it('never sums up a hidden field, records of other people or drafts, nor names them through a formula', async () => {
    const sums = await publishApp(o, 'Sums', {
      display_name: 'Sums',
      fieldGroups: [
        {
          id: 'g',
          label: 'G',
          rows: [
            {
              fields: [
                text('name'),
                {
                  name: 'total',
                  label: 'Total',
                  fieldType: 'calculation-multiple-lookup',
                  formula: 'name',
                  config: { moduleId: peopleId, column: 'salary', fn: 'sum', decimalPlaces: 0 },
                },
                {
                  name: 'found',
                  label: 'Found',
                  fieldType: 'calculation-lookup',
                  formula: 'name',
                  config: {
                    moduleId: peopleId,
                    displayField: 'name',
                    displayColumns: [],
                    filters: [],
                    sortType: 'Ascending',
                    flowToLookUp: [],
                  },
                },
              ],
            },
          ],
        },
      ],
    });
    const ask = (who: string, field: string, ids: string[]) =>
      o.post(who, '/api/EntryModule/AggregateLookup', { moduleId: sums, field, ids });
    // The salary is hidden in People: even the administrator's sum of it reads nothing.
    expect((await ask('admin', 'total', [rec])).json().data).toEqual({ value: 0, count: 1 });
    expect((await ask('sam', 'total', [rec])).json().data).toEqual({ value: 0, count: 0 });
    expect((await ask('sam', 'total', ["' or 1=1 --", '__proto__'])).json().data).toEqual({ value: 0, count: 0 });
    expect((await ask('bravo', 'total', [rec])).statusCode).toBe(404);
    expect((await ask('sam', 'found', [rec])).statusCode).toBe(400);
    // A formula naming a record the saver may not see stores nothing; the administrator's formula finds Eve.
    const saved = async (who: string) =>
      (await o.post(who, '/api/EntryModule/save', { moduleId: sums, data: { name: 'Eve' } })).json().data.data;
    expect((await saved('sam')).found).toBeNull();
    expect((await saved('admin')).found).toEqual({ id: rec, label: 'Eve' });
    // Nor a draft, by name: Eve's draft is nobody's record to find.
    expect(
      (await o.post('admin', '/api/EntryModule/save', { moduleId: sums, data: { name: 'Eve draft' } })).json().data.data
        .found,
    ).toBeNull();
  });
});
