import { defineAutomationStepServer } from '../../../runtime/plugin-contract';
import { manifest } from './manifest';

export const server = defineAutomationStepServer({
  manifest,
  async run(c, ctx) {
    const data = Object.fromEntries(c.values.map((v) => [v.field, ctx.fill(v.value)]));
    const r = await ctx.createRecord(c.moduleId, data, c.submit);
    return { output: { recordId: r.recordId, ...(r.wouldCreate ? { wouldCreate: r.wouldCreate } : {}) } };
  },
});
