import { defineFieldServer } from '../../../runtime/plugin-contract';
import { manifest } from './manifest';

type Item = { id: string; label: string; token?: string };

/**
 * Keeps items the server offered for this field lately (RemoteUrl signs them), and items already in the stored
 * value; stores each as id and label.
 */
export const server = defineFieldServer({
  manifest,
  async resolve(value, _config, ctx) {
    const items = value as Item[];
    const kept = new Set((Array.isArray(ctx.before) ? (ctx.before as Item[]) : []).map((i) => `${i.id}\n${i.label}`));
    const bad = items.find((i) => !ctx.offered(i) && !kept.has(`${i.id}\n${i.label}`));
    if (bad) return { value, messages: [`${ctx.label}: choose '${bad.label}' again from the list`] };
    return { value: items.map((i) => ({ id: i.id, label: i.label })), messages: [] };
  },
});
