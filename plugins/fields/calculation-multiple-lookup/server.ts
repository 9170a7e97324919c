import { defineFieldServer } from '../../../runtime/plugin-contract';
import { aggregateValues, idsOf } from '../../../runtime/aggregate';
import { manifest } from './manifest';

/** The sum (count, ...) over the named records the saver may see; names of records they may not see count for nothing. */
export const server = defineFieldServer({
  manifest,
  async resolve(value, config, ctx) {
    const src = manifest.aggregateSource?.(config);
    if (!src) return { value: null, messages: [`${ctx.label} has no app to sum up yet`] };
    const found = await ctx.records({
      moduleId: src.moduleId,
      ids: idsOf(value),
      fields: src.column ? [src.column] : [],
      filters: [],
    });
    const result = aggregateValues(
      [...found.values()].map((r) => r[src.column]),
      src.fn,
    );
    return { value: result, messages: [] };
  },
});
