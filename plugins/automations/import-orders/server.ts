import { defineAutomationStepServer } from '../../../runtime/plugin-contract';
import { manifest } from './manifest';

export const server = defineAutomationStepServer({
  manifest,
  async run(c, ctx) {
    const batch = await ctx.storeOrders(c.storeKeyId);
    if (batch.wouldFetch) return { output: { wouldFetch: batch.wouldFetch, moduleId: c.moduleId } };
    const recordIds: (string | null)[] = [];
    for (const order of batch.orders) {
      // Each order's values are filled from `order`; it is marked imported right after its record is made.
      ctx.vars.order = order;
      const data = Object.fromEntries(c.values.map((v) => [v.field, ctx.fill(v.value)]));
      recordIds.push((await ctx.createRecord(c.moduleId, data, c.submit)).recordId);
      await batch.remember(order.id);
    }
    delete ctx.vars.order;
    return {
      output: { imported: recordIds.length, recordIds, lastOrderId: batch.orders.at(-1)?.id ?? null },
    };
  },
});
