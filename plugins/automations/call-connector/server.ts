import { defineAutomationStepServer } from '../../../runtime/plugin-contract';
import { manifest } from './manifest';

export const server = defineAutomationStepServer({
  manifest,
  async run(c, ctx) {
    const input = Object.fromEntries(c.inputs.map((i) => [i.name, ctx.fill(i.value)]));
    return { output: await ctx.runConnector(c.connectorId, input) };
  },
});
