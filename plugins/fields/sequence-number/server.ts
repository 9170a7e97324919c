import { defineFieldServer } from '../../../runtime/plugin-contract';
import { formatSequence, manifest } from './manifest';

/** The number comes from the module's counter, taken in the same transaction that creates the record. */
export const server = defineFieldServer({
  manifest,
  assignOnCreate: async (ctx, config) => formatSequence(await ctx.nextSequence(), config),
});
