import { defineAutomationStepServer } from '../../../runtime/plugin-contract';
import { manifest } from './manifest';

export const server = defineAutomationStepServer({
  manifest,
  async run(c, ctx) {
    // Templates are filled once for the run: every matching record gets the same values.
    const output = await ctx.updateRecords({
      moduleId: c.moduleId,
      filters: c.filters.map((f) => ({ field: f.field, operator: f.operator, value: ctx.fill(f.value) })),
      values: Object.fromEntries(c.values.map((v) => [v.field, ctx.fill(v.value)])),
    });
    return { output };
  },
});
