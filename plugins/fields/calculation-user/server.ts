import { defineFieldServer } from '../../../runtime/plugin-contract';
import { idsOf } from '../../../runtime/aggregate';
import { manifest } from './manifest';

/** The formula's user, when it is an active user of the tenant (and of the team, when the field names one). */
export const server = defineFieldServer({
  manifest,
  async resolve(value, config, ctx) {
    const id = idsOf(value)[0];
    const name = id === undefined ? undefined : (await ctx.users([id], config.teamId || undefined)).get(id);
    if (id === undefined || name === undefined) return { value: null, messages: [`${ctx.label}: no such user`] };
    return { value: { id, label: name }, messages: [] };
  },
});
