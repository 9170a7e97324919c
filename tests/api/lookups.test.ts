import { beforeAll, describe, expect, it } from 'vitest';
import type { ModuleDefinition } from '../../schemas/module-definition.js';
import { publishApp, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';

const text = (name: string, label: string) => ({ name, label, fieldType: 'text' });
const customers: ModuleDefinition = {
  display_name: 'Customers',
  fieldGroups: [
    {
      id: 'g',
      label: 'G',
      rows: [{ fields: [text('name', 'Name'), text('country', 'Country'), text('city', 'City')] }],
    },
  ],
};
const orders = (customersId: string, listId: string): ModuleDefinition => ({
  display_name: 'Orders',
  fieldGroups: [
    {
      id: 'g',
      label: 'G',
      rows: [
        {
          fields: [
            text('country', 'Country'),
            {
              name: 'customer',
              label: 'Customer',
              fieldType: 'lookup',
              config: {
                moduleId: customersId,
                displayField: 'name',
                displayColumns: ['city'],
                filters: [{ field: 'country', operator: 'eq', type: 'Field', value: 'country' }],
                sortType: 'Ascending',
                flowToLookUp: [{ from: 'city', to: 'customer_city' }],
              },
            },
            text('customer_city', 'Customer city'),
            {
              name: 'fill',
              label: 'Fill from',
              fieldType: 'pull-data',
              config: {
                moduleId: customersId,
                displayField: 'name',
                displayColumns: [],
                filters: [],
                sortType: 'Ascending',
                flowToLookUp: [{ from: 'city', to: 'customer_city' }],
              },
            },
            {
              name: 'partners',
              label: 'Partners',
              fieldType: 'multi-select-reference',
              config: {
                moduleId: customersId,
                displayField: 'name',
                displayColumns: [],
                filters: [{ field: 'country', operator: 'isin', type: 'literal', value: 'DE,FR' }],
                sortType: 'Descending',
                flowToLookUp: [],
                maxItems: 2,
              },
            },
            {
              name: 'channel',
              label: 'Channel',
              fieldType: 'dropdown',
              config: { options: [], multiple: false, listId },
            },
          ],
        },
      ],
    },
  ],
});

interface Page {
  items: { id: string; label: string; values: Record<string, unknown> }[];
  nextCursor: string | null;
}

describe.each(await testDialects())('lookups on %s', (dialect) => {
  const o = useOffice(dialect, [{ username: 'dana', isFullUser: true }, 'sam'], { bravo: true });
  let customersId = '';
  let ordersId = '';
  const ids: Record<string, string> = {};

  const submit = async (who: string, moduleId: string, data: Record<string, unknown>) => {
    const r = await o.post(who, '/api/EntryModule/submit', { moduleId, data });
    expect(r.json(), r.body).toMatchObject({ success: true });
    return r.json().data.recordId as string;
  };
  const lookup = async (who: string, body: Record<string, unknown>) => {
    const r = await o.post(who, '/api/EntryModule/RecordModuleLookup', {
      moduleId: ordersId,
      field: 'customer',
      ...body,
    });
    return r;
  };
  const page = async (who: string, body: Record<string, unknown>): Promise<Page> => {
    const r = await lookup(who, body);
    expect(r.json(), r.body).toMatchObject({ success: true });
    return r.json().data as Page;
  };

  beforeAll(async () => {
    customersId = await publishApp(o, 'Customers', customers);
    const list = await o.post('dana', '/api/form/ListKeyValue/save', {
      key_name: 'channels',
      categories: [],
      values: [
        { key: 'web', value: 'Web shop' },
        { key: 'phone', value: 'Phone' },
      ],
    });
    expect(list.json(), list.body).toMatchObject({ success: true });
    ordersId = await publishApp(o, 'Orders', orders(customersId, list.json().data.id));
    for (let i = 0; i < 30; i++) {
      const name = `Cust ${String(i).padStart(2, '0')}`;
      ids[name] = await submit('admin', customersId, { name, country: i % 2 ? 'FR' : 'DE', city: `City ${i}` });
    }
    ids['Sam Co'] = await submit('sam', customersId, { name: 'Sam Co', country: 'DE', city: 'Bonn' });
    await submit('admin', customersId, { country: 'DE', city: 'Nowhere' }); // no name: never offered
  });

  it('offers the records that pass the filters, ordered by label, paged by keyset to the end', async () => {
    const first = await page('admin', { values: { country: 'DE' }, length: 10 });
    expect(first.items.map((i) => i.label)).toEqual([
      'Cust 00',
      'Cust 02',
      'Cust 04',
      'Cust 06',
      'Cust 08',
      'Cust 10',
      'Cust 12',
      'Cust 14',
      'Cust 16',
      'Cust 18',
    ]);
    expect(first.items[0]).toEqual({
      id: ids['Cust 00'],
      label: 'Cust 00',
      values: { name: 'Cust 00', city: 'City 0' },
    });
    expect(first.nextCursor).toBeTruthy();
    const second = await page('admin', { values: { country: 'DE' }, length: 10, cursor: first.nextCursor });
    expect(second.items.map((i) => i.label)).toEqual(['Cust 20', 'Cust 22', 'Cust 24', 'Cust 26', 'Cust 28', 'Sam Co']);
    expect(second.nextCursor).toBeNull();
    // The typed text finds labels that start with it, whatever the case.
    const typed = await page('admin', { values: { country: 'FR' }, search: 'cust 1' });
    expect(typed.items.map((i) => i.label)).toEqual(['Cust 11', 'Cust 13', 'Cust 15', 'Cust 17', 'Cust 19']);
    // A filter on a field the form has not filled yet offers nothing (a dependent picker waits for it).
    expect((await page('admin', { values: {} })).items).toEqual([]);
    // A cursor of another search is refused, not misread.
    expect((await lookup('admin', { values: { country: 'FR' }, cursor: first.nextCursor })).statusCode).toBe(400);
  });

  it('offers a user only the records they may see in the looked-up app', async () => {
    const mine = await page('sam', { values: { country: 'DE' } });
    expect(mine.items.map((i) => i.label)).toEqual(['Sam Co']);
    const one = await o.get(
      'sam',
      `/api/EntryModule/recordModuleLookup2?moduleId=${ordersId}&field=customer&id=${ids['Sam Co']}`,
    );
    expect(one.json().data).toEqual({ id: ids['Sam Co'], label: 'Sam Co', values: { name: 'Sam Co', city: 'Bonn' } });
    const other = await o.get(
      'sam',
      `/api/EntryModule/recordModuleLookup2?moduleId=${ordersId}&field=customer&id=${ids['Cust 00']}`,
    );
    expect(other.statusCode).toBe(404);
  });

  it('stores a reference with the server label and the flowed values; refuses hidden or filtered-out records', async () => {
    const saved = await o.post('sam', '/api/EntryModule/save', {
      moduleId: ordersId,
      data: { country: 'DE', customer: { id: ids['Sam Co'], label: 'Forged label' }, channel: 'web' },
    });
    expect(saved.json(), saved.body).toMatchObject({ success: true });
    expect(saved.json().data.data).toMatchObject({
      customer: { id: ids['Sam Co'], label: 'Sam Co' },
      customer_city: 'Bonn',
    });
    const hidden = await o.post('sam', '/api/EntryModule/save', {
      moduleId: ordersId,
      data: { country: 'DE', customer: { id: ids['Cust 00'], label: 'Cust 00' } },
    });
    expect(hidden.statusCode).toBe(422);
    expect(hidden.json()).toMatchObject({ success: false, message: 'Customer: the chosen record is not available' });
    const filtered = await o.post('admin', '/api/EntryModule/save', {
      moduleId: ordersId,
      data: { country: 'FR', customer: { id: ids['Cust 00'], label: 'Cust 00' } },
    });
    expect(filtered.statusCode).toBe(422);
    const badList = await o.post('admin', '/api/EntryModule/save', { moduleId: ordersId, data: { channel: 'fax' } });
    expect(badList.statusCode).toBe(422);
    expect(badList.json().message).toBe("Channel: 'fax' is not one of its options");
    const malformed = await o.post('admin', '/api/EntryModule/save', { moduleId: ordersId, data: { customer: 'x' } });
    expect(malformed.statusCode).toBe(422);
  });

  it("sorts, pages and filters a list by a reference's label, not its id", async () => {
    // Ids are random, so an order by the stored JSON would not follow the labels.
    const names = [8, 2, 22, 12, 6, 0, 18, 4, 20, 10, 16, 14].map((i) => `Cust ${String(i).padStart(2, '0')}`);
    for (const name of names) {
      const saved = await o.post('admin', '/api/EntryModule/submit', {
        moduleId: ordersId,
        data: { country: 'DE', customer: { id: ids[name], label: name } },
      });
      expect(saved.json(), saved.body).toMatchObject({ success: true });
    }
    const sorted = [...names].sort();
    const list = (body: object) => o.post('admin', '/api/EntryModule/datatables', { moduleId: ordersId, ...body });
    const labels = (r: { json(): { data: { data: { data: { customer?: { label: string } } }[] } } }) =>
      r.json().data.data.map((x) => x.data.customer?.label);
    const first = await list({ length: 10, orders: [{ column: 'customer', dir: 'asc' }] });
    expect(first.json(), first.body).toMatchObject({ success: true });
    expect(labels(first)).toEqual(sorted.slice(0, 10));
    const next = await list({
      page: 2,
      length: 10,
      orders: [{ column: 'customer', dir: 'asc' }],
      cursor: first.json().data.nextCursor,
    });
    expect(labels(next)).toEqual(sorted.slice(10));
    const down = await list({
      length: 10,
      orders: [{ column: 'customer', dir: 'desc' }],
      filters: [{ field: 'customer', operator: 'startswith', value: 'Cust 0' }],
    });
    expect(labels(down)).toEqual(['Cust 08', 'Cust 06', 'Cust 04', 'Cust 02', 'Cust 00']);
    const byId = await list({
      filters: [{ field: 'customer', operator: 'contains', value: ids['Cust 02']!.slice(0, 8) }],
    });
    expect(byId.json().data.data).toEqual([]);
  });

  it('keeps several references in one field, each checked, labelled by the server, at most maxItems', async () => {
    const offered = await page('admin', { field: 'partners', search: 'cust 2' });
    expect(offered.items.map((i) => i.label)).toEqual([
      'Cust 29',
      'Cust 28',
      'Cust 27',
      'Cust 26',
      'Cust 25',
      'Cust 24',
      'Cust 23',
      'Cust 22',
      'Cust 21',
      'Cust 20',
    ]);
    const two = [
      { id: ids['Cust 01'], label: 'x' },
      { id: ids['Cust 02'], label: 'y' },
    ];
    const saved = await o.post('admin', '/api/EntryModule/save', { moduleId: ordersId, data: { partners: two } });
    expect(saved.json(), saved.body).toMatchObject({
      success: true,
      data: {
        data: {
          partners: [
            { id: ids['Cust 01'], label: 'Cust 01' },
            { id: ids['Cust 02'], label: 'Cust 02' },
          ],
        },
      },
    });
    const three = [...two, { id: ids['Cust 03'], label: 'z' }];
    expect(
      (await o.post('admin', '/api/EntryModule/save', { moduleId: ordersId, data: { partners: three } })).statusCode,
    ).toBe(422);
    const mixed = [
      { id: ids['Sam Co'], label: 'Sam Co' },
      { id: ids['Cust 01'], label: 'Cust 01' },
    ];
    const refused = await o.post('sam', '/api/EntryModule/save', { moduleId: ordersId, data: { partners: mixed } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Partners: the chosen record is not available');
  });

  it('narrows by the person picking, filled in by the server whatever the browser sends', async () => {
    const desks = await publishApp(o, 'Desks', {
      display_name: 'Desks',
      fieldGroups: [{ id: 'g', label: 'G', rows: [{ fields: [text('desk', 'Desk'), text('holder', 'Holder')] }] }],
    });
    for (const [desk, holder] of [
      ['D1', 'admin'],
      ['D2', 'sam'],
      ['D3', 'admin'],
    ])
      await submit('admin', desks, { desk, holder });
    const mine = await publishApp(o, 'Desk moves', {
      display_name: 'Desk moves',
      fieldGroups: [
        {
          id: 'g',
          label: 'G',
          rows: [
            {
              fields: [
                text('holder', 'Holder'),
                {
                  name: 'desk',
                  label: 'Desk',
                  fieldType: 'lookup',
                  config: {
                    moduleId: desks,
                    displayField: 'desk',
                    displayColumns: [],
                    filters: [{ field: 'holder', operator: 'eq', type: 'User', value: 'username' }],
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
    const r = await o.post('admin', '/api/EntryModule/RecordModuleLookup', {
      moduleId: mine,
      field: 'desk',
      values: { holder: 'sam', username: 'sam' },
    });
    const items = r.json().data.items as { id: string; label: string }[];
    expect(items.map((i) => i.label)).toEqual(['D1', 'D3']);
    const save = (id: string) =>
      o.post('admin', '/api/EntryModule/save', { moduleId: mine, data: { desk: { id, label: 'x' } } });
    expect((await save(items[0]!.id)).json()).toMatchObject({
      success: true,
      data: { data: { desk: { label: 'D1' } } },
    });
    const all = await o.post('admin', '/api/EntryModule/datatables', { moduleId: desks, length: 10 });
    const d2 = (all.json().data.data as { id: string; data: { desk: string } }[]).find((x) => x.data.desk === 'D2')!;
    expect((await save(d2.id)).statusCode).toBe(422);
  });

  it('offers records to pull data from with the values it copies; the pull itself is never stored', async () => {
    const offered = await page('admin', { field: 'fill', search: 'cust 05' });
    expect(offered.items).toEqual([
      { id: ids['Cust 05'], label: 'Cust 05', values: { name: 'Cust 05', city: 'City 5' } },
    ]);
    const saved = await o.post('admin', '/api/EntryModule/save', {
      moduleId: ordersId,
      data: { fill: { id: ids['Cust 05'] }, customer_city: 'City 5' },
    });
    expect(saved.json(), saved.body).toMatchObject({ success: true });
    expect(saved.json().data.data).not.toHaveProperty('fill');
  });

  it('says which apps a form reads and which read it, with the fields they depend on', async () => {
    const links = async (moduleId: string) =>
      (await o.get('dana', `/api/form/editor/dataentrylookup?moduleId=${moduleId}`)).json().data as {
        uses: { moduleName: string; field: string; reads: string[] }[];
        usedBy: { moduleName: string; field: string; fieldType: string; reads: string[] }[];
      };
    const orders = await links(ordersId);
    expect(orders.uses.map((l) => [l.field, l.moduleName])).toEqual([
      ['customer', 'Customers'],
      ['fill', 'Customers'],
      ['partners', 'Customers'],
    ]);
    expect(orders.usedBy).toEqual([]);
    const customers = await links(customersId);
    expect(customers.uses).toEqual([]);
    expect(customers.usedBy.find((l) => l.field === 'customer')).toMatchObject({
      moduleName: 'Orders',
      fieldType: 'lookup',
      reads: ['name', 'city', 'country'],
    });
    expect((await o.get('sam', `/api/form/editor/dataentrylookup?moduleId=${customersId}`)).statusCode).toBe(403);
    expect((await o.get('bravo', `/api/form/editor/dataentrylookup?moduleId=${customersId}`)).statusCode).toBe(404);
  });

  it('lets designers pick apps and their listable fields; others may not', async () => {
    const apps = (await o.get('dana', '/api/form/Editor/ModuleLookup')).json().data as { id: string; name: string }[];
    expect(apps.map((a) => a.name)).toEqual(expect.arrayContaining(['Customers', 'Orders']));
    const cols = (await o.get('dana', `/api/form/Editor/ColumnLookup?moduleId=${customersId}`)).json().data;
    expect(cols.map((c: { name: string }) => c.name)).toEqual(['name', 'country', 'city']);
    expect((await o.get('sam', '/api/form/Editor/ModuleLookup')).statusCode).toBe(403);
    const settings = {
      moduleId: customersId,
      displayField: 'name',
      filters: [{ field: 'country', operator: 'eq', type: 'Field', value: 'country' }],
    };
    const tried = await o.post('admin', '/api/form/Editor/ModuleLookup/test', {
      settings,
      search: 'cust 0',
      values: { country: 'FR' },
    });
    expect(tried.json(), tried.body).toMatchObject({
      success: true,
      data: {
        request: {
          app: 'Customers',
          labelField: 'name',
          search: 'cust 0',
          filters: [{ field: 'country', operator: 'eq', value: 'FR' }],
        },
        answer: {
          items: [
            { label: 'Cust 01' },
            { label: 'Cust 03' },
            { label: 'Cust 05' },
            { label: 'Cust 07' },
            { label: 'Cust 09' },
          ],
        },
      },
    });
    const unknownField = await o.post('dana', '/api/form/Editor/ModuleLookup/test', {
      settings: { ...settings, filters: [{ field: 'nope', operator: 'eq', type: 'literal', value: 'x' }] },
    });
    expect(unknownField.json()).toEqual({ success: false, message: "Cannot filter by 'nope'." });
    expect((await o.get('dana', '/api/form/Editor/ColumnLookup?moduleId=nope')).statusCode).toBe(404);
  });

  it('refuses fields that do not look up, apps of other tenants and bad input with the envelope', async () => {
    const notLookup = await lookup('admin', { field: 'country' });
    expect(notLookup.statusCode).toBe(400);
    expect(notLookup.json()).toEqual({ success: false, message: "'country' does not look up records." });
    expect((await lookup('bravo', {})).statusCode).toBe(404);
    expect((await lookup('admin', { length: 1000 })).statusCode).toBe(400);
    expect((await lookup('admin', { cursor: 'garbage', values: { country: 'DE' } })).statusCode).toBe(400);
  });

  it('picks users by any word of their name, username or email, page by page; a team narrows the choice', async () => {
    const team = await o.post('admin', '/api/people/teams', { name: 'Buyers' });
    expect(team.json(), team.body).toMatchObject({ success: true });
    const teamId = team.json().data.id as string;
    await o.post('admin', `/api/people/teams/${teamId}/members`, { userId: o.id.sam });
    const people = await publishApp(o, 'Assignments', {
      display_name: 'Assignments',
      fieldGroups: [
        {
          id: 'g',
          label: 'G',
          rows: [
            {
              fields: [
                { name: 'owner', label: 'Owner', fieldType: 'user', config: { teamId: '' } },
                { name: 'buyers', label: 'Buyers', fieldType: 'multi-select-user', config: { teamId, maxItems: 2 } },
              ],
            },
          ],
        },
      ],
    });
    const users = async (body: object) => {
      const r = await o.post('sam', '/api/EntryModule/UserLookup', body);
      expect(r.json(), r.body).toMatchObject({ success: true });
      return r.json().data as Page;
    };
    const all = await users({ length: 10 });
    expect(all.items.map((i) => i.label)).toEqual(['Administrator', 'dana', 'sam']);
    expect(all.items[2]).toEqual({ id: o.id.sam, label: 'sam', values: { email: 'sam@acme.test' } });
    const first = await users({ length: 10, search: 'DA' });
    expect(first.items.map((i) => i.label)).toEqual(['dana']);
    expect((await users({ search: 'sam@acme' })).items.map((i) => i.id)).toEqual([o.id.sam]);
    expect((await users({ teamId })).items.map((i) => i.id)).toEqual([o.id.sam]);
    expect((await users({ search: '%' })).items).toEqual([]);
    const names = await o.get('sam', `/api/EntryModule/UserLookup2?ids=${o.id.dana},nope`);
    expect(names.json().data).toEqual([{ id: o.id.dana, label: 'dana' }]);

    const save = (data: object) => o.post('sam', '/api/EntryModule/save', { moduleId: people, data });
    const ok = await save({ owner: { id: o.id.dana, label: 'Someone else' }, buyers: [{ id: o.id.sam, label: 's' }] });
    expect(ok.json(), ok.body).toMatchObject({
      success: true,
      data: { data: { owner: { id: o.id.dana, label: 'dana' }, buyers: [{ id: o.id.sam, label: 'sam' }] } },
    });
    const outsider = await save({ buyers: [{ id: o.id.dana, label: 'dana' }] });
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json().message).toBe('Buyers: dana is not available');
    const bravoAdmin = {
      id: String((await o.get('bravo', '/api/identity/manageauthenticator/userinfo')).json().data.uid),
    };
    expect(bravoAdmin.id).not.toBe('undefined');
    expect((await save({ owner: { id: bravoAdmin.id, label: 'admin' } })).statusCode).toBe(422);
    await o.tdb.updateTable('users').set({ status: 'inactive' }).where('id', '=', o.id.dana!).execute();
    expect((await save({ owner: { id: o.id.dana, label: 'dana' } })).statusCode).toBe(422);
    expect((await users({ search: 'dana' })).items).toEqual([]);
    await o.tdb.updateTable('users').set({ status: 'active' }).where('id', '=', o.id.dana!).execute();
  });
});
