import { defineFieldServer, type RecordRef } from '../../../runtime/plugin-contract';
import { resolveRecordRefs } from '../../../runtime/lookup-source';
import { manifest } from './manifest';

/** Every picked record must be one the saver may see that passes the filters; labels come from the records. */
export const server = defineFieldServer({
  manifest,
  async resolve(value, config, ctx) {
    const r = await resolveRecordRefs(value as RecordRef[], config, ctx);
    return { value: r.messages.length ? value : r.refs, messages: r.messages, flow: r.flow };
  },
});
