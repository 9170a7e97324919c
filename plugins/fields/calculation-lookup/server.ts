import { defineFieldServer } from '../../../runtime/plugin-contract';
import { resolveFilters, resolveRecordRefs } from '../../../runtime/lookup-source';
import { manifest } from './manifest';

/** A reference is checked like a lookup's; text names the record whose shown field reads it exactly. */
export const server = defineFieldServer({
  manifest,
  async resolve(value, config, ctx) {
    const none = { value: null, messages: [`${ctx.label}: no matching record`] };
    if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') {
      const ref = value as { id: string };
      const r = await resolveRecordRefs([{ id: ref.id, label: '' }], { ...config, flowToLookUp: [] }, ctx);
      return r.messages.length ? none : { value: r.refs[0], messages: [] };
    }
    if (typeof value !== 'string' && typeof value !== 'number') return none;
    const filters = resolveFilters(config.filters ?? [], ctx.data, await ctx.picker());
    if (!config.moduleId || !config.displayField || !filters) return none;
    const hit = await ctx.recordByLabel({
      moduleId: config.moduleId,
      labelField: config.displayField,
      label: String(value),
      filters,
    });
    return hit ? { value: hit, messages: [] } : none;
  },
});
