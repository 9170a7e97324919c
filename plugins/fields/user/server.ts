import { defineFieldServer, type RecordRef } from '../../../runtime/plugin-contract';
import { manifest } from './manifest';

/** The picked user must be an active user of the tenant (and of the team, when the field names one). */
export const server = defineFieldServer({
  manifest,
  async resolve(value, config, ctx) {
    const ref = value as RecordRef;
    const name = (await ctx.users([ref.id], config.teamId || undefined)).get(ref.id);
    if (name === undefined) return { value, messages: [`${ctx.label}: the chosen user is not available`] };
    return { value: { id: ref.id, label: name }, messages: [] };
  },
});
