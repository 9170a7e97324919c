import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModuleDefinition } from '../../schemas/module-definition.js';
import { allowPrivateEgress, publishApp, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';

const field = (name: string, fieldType: string, extra: object = {}) => ({ name, label: name, fieldType, ...extra });
/** Rows of at most 12 fields, as a form holds them. */
const one = (fields: object[]): ModuleDefinition =>
  ({
    display_name: 'x',
    fieldGroups: [{ id: 'g', label: 'G', rows: [{ fields: fields.slice(0, 12) }, { fields: fields.slice(12) }] }],
  }) as ModuleDefinition;
const lookupOf = (moduleId: string) => ({
  moduleId,
  displayField: 'name',
  displayColumns: [],
  filters: [],
  sortType: 'Ascending',
  flowToLookUp: [],
});

/** A registry of companies standing in for another system: `?number=` answers the company of that number. */
function startRegistry() {
  const server = http.createServer((req, res) => {
    const n = new URL(req.url ?? '/', 'http://x').searchParams.get('number') ?? '';
    const items = n === '0123' ? [{ number: '0123', name: 'Acme Ltd' }] : [];
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items }));
  });
  return server;
}

describe.each(await testDialects())('calculated references on %s', (dialect) => {
  const o = useOffice(dialect, [{ username: 'dana', isFullUser: true }, 'sam'], { bravo: true });
  const registry = startRegistry();
  let productsId = '';
  let ordersId = '';
  const products: Record<string, string> = {};

  const submit = async (who: string, moduleId: string, data: Record<string, unknown>) => {
    const r = await o.post(who, '/api/EntryModule/submit', { moduleId, data });
    expect(r.json(), r.body).toMatchObject({ success: true });
    return r.json().data.recordId as string;
  };
  const save = async (who: string, data: Record<string, unknown>) => {
    const r = await o.post(who, '/api/EntryModule/save', { moduleId: ordersId, data });
    expect(r.json(), r.body).toMatchObject({ success: true });
    return r.json().data.data as Record<string, unknown>;
  };

  beforeAll(async () => {
    await new Promise<void>((r) => registry.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(registry.address() as AddressInfo).port}`;
    await allowPrivateEgress(o, true);
    productsId = await publishApp(o, 'Products', one([field('name', 'text'), field('price', 'number')]));
    for (const [name, price, who] of [
      ['FR-2026', 10.5, 'admin'],
      ['DE-2026', 20, 'admin'],
      ['SAM-1', 5.25, 'sam'],
    ] as const)
      products[name] = await submit(who, productsId, { name, price });
    ordersId = await publishApp(
      o,
      'Orders',
      one([
        field('code', 'text'),
        field('amount', 'number'),
        field('owner', 'user', { config: { teamId: '' } }),
        field('approver', 'user', { config: { teamId: '' } }),
        field('handler', 'calculation-user', { formula: 'IF(amount > 100, approver, owner)' }),
        field('by_id', 'calculation-user', { formula: 'code' }),
        field('product', 'lookup', { config: lookupOf(productsId) }),
        field('rate', 'calculation-lookup', { formula: 'UPPER(code)', config: lookupOf(productsId) }),
        field('same', 'calculation-lookup', { formula: 'product', config: lookupOf(productsId) }),
        field('items', 'multi-select-reference', { config: { ...lookupOf(productsId), maxItems: 5 } }),
        field('total', 'calculation-multiple-lookup', {
          formula: 'items',
          config: { moduleId: productsId, column: 'price', fn: 'sum', decimalPlaces: 2 },
        }),
        field('how_many', 'calculation-multiple-lookup', {
          formula: 'items',
          config: { moduleId: productsId, column: '', fn: 'count', decimalPlaces: 0 },
        }),
        field('note', 'calculation-element', { formula: 'CONCAT("Order ", code)', config: { tone: 'warning' } }),
        field('company', 'calculation-remote-lookup', {
          config: {
            termField: 'code',
            url: `${base}/companies`,
            requestType: 'GET',
            headers: [],
            params: [{ name: 'number', type: 'data', value: '' }],
            body: [],
            submitAllFields: false,
            responseFormat: 'JSON',
            responsePath: 'items',
            valueKey: 'number',
            labelKey: 'name',
          },
        }),
      ]),
    );
  });
  afterAll(() => new Promise<void>((r) => registry.close(() => r())));

  it('stores the user a formula chooses, named by the server; a made-up user is stored empty', async () => {
    const owner = { id: o.id.sam!, label: 'forged' };
    const approver = { id: o.id.dana!, label: 'forged too' };
    const small = await save('admin', { amount: 50, owner, approver });
    expect(small.handler).toMatchObject({ id: o.id.sam });
    expect((small.handler as { label: string }).label).not.toBe('forged');
    expect((await save('admin', { amount: 500, owner, approver })).handler).toMatchObject({ id: o.id.dana });
    const r = await o.post('admin', '/api/EntryModule/save', {
      moduleId: ordersId,
      data: { amount: 500, owner, approver: { id: 'nobody', label: 'Nobody' } },
    });
    // The approver field itself refuses the made-up user; the formula never gets to name them.
    expect(r.statusCode).toBe(422);
    expect((await save('admin', { code: o.id.sam })).by_id).toMatchObject({ id: o.id.sam });
    expect((await save('admin', { code: 'nobody' })).by_id).toBeNull();
  });

  it('finds the record whose label the formula gives, or the reference it copies, as the saver sees it', async () => {
    const mine = await save('admin', { code: 'fr-2026', product: { id: products['DE-2026'], label: 'x' } });
    expect(mine.rate).toEqual({ id: products['FR-2026'], label: 'FR-2026' });
    expect(mine.same).toEqual({ id: products['DE-2026'], label: 'DE-2026' });
    expect((await save('admin', { code: 'xx-0000' })).rate).toBeNull();
    // Sam sees only his own product: another one is stored empty for him, never revealed.
    expect((await save('sam', { code: 'fr-2026' })).rate).toBeNull();
    expect((await save('sam', { code: 'sam-1' })).rate).toEqual({ id: products['SAM-1'], label: 'SAM-1' });
    expect((await save('admin', { code: 'Anything' })).note).toBe('Order Anything');
  });

  it('sums up the named records the saver may see, on save and through AggregateLookup', async () => {
    const items = Object.entries(products).map(([label, id]) => ({ id, label }));
    const all = await save('admin', { items });
    expect(all.total).toBe(35.75);
    expect(all.how_many).toBe(3);
    const ask = (who: string, f: string, ids: string[]) =>
      o.post(who, '/api/EntryModule/AggregateLookup', { moduleId: ordersId, field: f, ids });
    const ids = items.map((i) => i.id);
    expect((await ask('admin', 'total', ids)).json()).toMatchObject({
      success: true,
      data: { value: 35.75, count: 3 },
    });
    // Sam may not see two of them: they count for nothing, and their prices are never summed for him.
    expect((await ask('sam', 'total', ids)).json().data).toEqual({ value: 5.25, count: 1 });
    expect((await ask('sam', 'how_many', ids)).json().data).toEqual({ value: 1, count: 1 });
    expect((await ask('admin', 'code', ids)).statusCode).toBe(400);
    expect((await ask('admin', 'total', ['x'.repeat(65)])).statusCode).toBe(400);
    const foreign = await o.post('bravo', '/api/EntryModule/AggregateLookup', {
      moduleId: ordersId,
      field: 'total',
      ids,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("keeps another system's answer for a field's value only when the server gave it", async () => {
    const r = await o.post('sam', '/api/EntryModule/RemoteUrl', {
      moduleId: ordersId,
      field: 'company',
      search: '0123',
    });
    const [acme] = r.json().data.items as { id: string; label: string; token: string }[];
    expect(acme).toMatchObject({ id: '0123', label: 'Acme Ltd' });
    expect((await save('sam', { code: '0123', company: acme })).company).toEqual({ id: '0123', label: 'Acme Ltd' });
    const forged = await o.post('sam', '/api/EntryModule/save', {
      moduleId: ordersId,
      data: { code: '0123', company: { id: '9999', label: 'Evil Corp' } },
    });
    expect(forged.statusCode).toBe(422);
  });
});
