import { defineFieldServer, type RecordRef } from '../../../runtime/plugin-contract';
import { manifest } from './manifest';

/** Every picked user must be an active user of the tenant (and of the team, when the field names one). */
export const server = defineFieldServer({
  manifest,
  async resolve(value, config, ctx) {
    const refs = value as RecordRef[];
    const names = await ctx.users(
      refs.map((r) => r.id),
      config.teamId || undefined,
    );
    const missing = refs.filter((r) => !names.has(r.id));
    if (missing.length) return { value, messages: [`${ctx.label}: ${missing[0]!.label} is not available`] };
    return { value: refs.map((r) => ({ id: r.id, label: names.get(r.id)! })), messages: [] };
  },
});
