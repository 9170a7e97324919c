import { defineFieldServer, type RecordRef } from '../../../runtime/plugin-contract';
import { resolveRecordRefs } from '../../../runtime/lookup-source';
import { manifest } from './manifest';

/**
 * A lookup stores `{ id, label }`; the server keeps only a record the saver may see that passes the field's
 * filters, with the label read from the record itself, and copies the flowToLookUp values.
 */
export const server = defineFieldServer({
  manifest,
  async resolve(value, config, ctx) {
    const r = await resolveRecordRefs([value as RecordRef], config, ctx);
    return { value: r.messages.length ? value : r.refs[0], messages: r.messages, flow: r.flow };
  },
});
