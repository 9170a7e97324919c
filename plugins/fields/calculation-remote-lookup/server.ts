import { defineFieldServer } from '../../../runtime/plugin-contract';
import { manifest } from './manifest';

/** Keeps only an item the server itself answered for this field lately (RemoteUrl signs them); stores id and label. */
export const server = defineFieldServer({
  manifest,
  async resolve(value, _config, ctx) {
    const ref = value as { id: string; label: string; token?: string };
    if (!ctx.offered(ref))
      return { value, messages: [`${ctx.label}: the answer is out of date, change the value again`] };
    return { value: { id: ref.id, label: ref.label }, messages: [] };
  },
});
