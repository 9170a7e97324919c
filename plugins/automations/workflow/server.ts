import { defineAutomationStepServer } from '../../../runtime/plugin-contract';
import { manifest } from './manifest';

export const server = defineAutomationStepServer({
  manifest,
  async run(c, ctx) {
    const output = await ctx.workflow({
      action: c.action,
      recordId: ctx.fill(c.recordId),
      step: ctx.fill(c.step),
      comment: ctx.fill(c.comment),
    });
    return { output };
  },
});
