import { describe, expect, it } from 'vitest';
import type { AutomationContext, StoreOrder } from '../../../runtime/plugin-contract';
import { server } from './server';

const order = (id: string, customerName: string): StoreOrder => ({
  id,
  number: `#${id}`,
  createdAt: '2026-01-02T10:00:00Z',
  total: '9.50',
  currency: 'GBP',
  status: 'paid',
  customerName,
  customerEmail: `${customerName}@shop.test`,
});

/** A context whose store has the given orders; it records what was created and remembered, in order. */
function context(orders: StoreOrder[], dryRun = false) {
  const log: string[] = [];
  const vars: Record<string, unknown> = {};
  const ctx = {
    dryRun,
    vars,
    fill: (text: string) =>
      text.replace(/\{\{order\.(\w+)\}\}/g, (_, k: string) => String((vars.order as Record<string, string>)[k])),
    createRecord: async (_m: string, data: Record<string, unknown>) => {
      log.push(`create ${JSON.stringify(data)}`);
      return { recordId: `r${log.length}` };
    },
    storeOrders: async () =>
      dryRun
        ? { orders: [], wouldFetch: 'Main shop', remember: async () => undefined }
        : { orders, remember: async (id: string) => void log.push(`remember ${id}`) },
  } as unknown as AutomationContext;
  return { ctx, log };
}

const config = {
  storeKeyId: 'sk',
  moduleId: 'm',
  values: [{ field: 'who', value: '{{order.customerName}} ({{order.number}})' }],
  submit: false,
};

describe('import-orders step', () => {
  it('creates one record per order and remembers each order right after its record', async () => {
    const { ctx, log } = context([order('7', 'ann'), order('9', 'ben')]);
    const r = await server.run(config, ctx);
    expect(log).toEqual(['create {"who":"ann (#7)"}', 'remember 7', 'create {"who":"ben (#9)"}', 'remember 9']);
    expect(r.output).toEqual({ imported: 2, recordIds: ['r1', 'r3'], lastOrderId: '9' });
    expect(ctx.vars.order).toBeUndefined();
  });

  it('says which store a dry run would read, creating nothing', async () => {
    const { ctx, log } = context([], true);
    expect((await server.run(config, ctx)).output).toEqual({ wouldFetch: 'Main shop', moduleId: 'm' });
    expect(log).toEqual([]);
  });
});
