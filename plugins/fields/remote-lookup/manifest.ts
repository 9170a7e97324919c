import { defineFieldManifest } from '../../../runtime/plugin-contract';
import {
  remoteDefaults,
  remoteItemSchema,
  remoteRequestOf,
  REMOTE_SERVER_ONLY,
  remoteSettingsSchema,
  type RemoteSettings,
} from '../../../runtime/remote-source';

export type RemoteLookupConfig = RemoteSettings;

/** Picks an item another system lists (spec: remote-lookup; editor type remoteurl), stored as `{ id, label }`. */
export const manifest = defineFieldManifest<RemoteLookupConfig>({
  kind: 'field',
  type: 'remote-lookup',
  version: 1,
  title: 'title',
  category: 'advanced',
  icon: 'globe-network',
  configSchema: {
    type: 'object',
    properties: remoteSettingsSchema,
    required: ['url', 'requestType', 'responsePath', 'valueKey', 'labelKey'],
    additionalProperties: false,
  },
  defaultConfig: remoteDefaults,
  // The browser sends back the server's signature of what it offered; the server keeps only id and label.
  valueSchema: () => remoteItemSchema,
  uiHints: { alwaysEnabled: true },
  remoteSource: remoteRequestOf,
  // The request (and any credential in it) stays on the server; the browser only asks RemoteUrl by field name.
  serverOnlyConfig: [...REMOTE_SERVER_ONLY],
  fixtures: {
    valid: [
      {
        ...remoteDefaults,
        url: 'https://api.example.com/countries',
        params: [{ name: 'q', type: 'data', value: '' }],
        responsePath: 'data',
        valueKey: 'code',
        labelKey: 'name',
      },
    ],
    invalid: [
      { ...remoteDefaults, url: 'ftp://example.com' },
      { ...remoteDefaults, requestType: 'DELETE' },
    ],
    values: { valid: [{ id: 'fr', label: 'France' }], invalid: ['fr', { id: 'fr' }, { id: 'fr', label: 'F', x: 1 }] },
  },
});
