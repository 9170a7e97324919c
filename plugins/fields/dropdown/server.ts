import { defineFieldServer } from '../../../runtime/plugin-contract';
import { manifest } from './manifest';

/** Options from a key-value list are checked against the list as it is when the record is saved. */
export const server = defineFieldServer({
  manifest,
  async resolve(value, config, ctx) {
    if (!config.listId) return { value, messages: [] };
    const options = await ctx.listOptions(config.listId);
    if (!options) return { value, messages: [`${ctx.label}: its list of options no longer exists`] };
    const known = new Set(options.map((o) => o.value));
    const chosen = Array.isArray(value) ? value : [value];
    const unknown = chosen.filter((v) => !known.has(String(v)));
    return {
      value,
      messages: unknown.length ? [`${ctx.label}: '${String(unknown[0])}' is not one of its options`] : [],
    };
  },
});
