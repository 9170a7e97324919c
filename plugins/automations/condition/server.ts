import { defineAutomationStepServer } from '../../../runtime/plugin-contract';
import { applyOperator } from '../../../runtime/expressions/operators';
import { manifest } from './manifest';

export const server = defineAutomationStepServer({
  manifest,
  async run(c, ctx) {
    const value = ctx.fill(c.value);
    const met = applyOperator(c.operator, value, ctx.fill(c.compareTo));
    return { output: { value, met }, stop: !met };
  },
});
