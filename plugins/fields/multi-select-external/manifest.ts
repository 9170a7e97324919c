import { defineFieldManifest } from '../../../runtime/plugin-contract';
import {
  remoteDefaults,
  remoteItemSchema,
  remoteRequestOf,
  REMOTE_SERVER_ONLY,
  remoteSettingsSchema,
  type RemoteSettings,
} from '../../../runtime/remote-source';

export interface MultiExternalConfig extends RemoteSettings {
  /** The most items one value may hold. */
  maxItems: number;
}

/** Picks several items another system lists (spec: multi-select-external), each stored as `{ id, label }`. */
export const manifest = defineFieldManifest<MultiExternalConfig>({
  kind: 'field',
  type: 'multi-select-external',
  version: 1,
  title: 'title',
  category: 'advanced',
  icon: 'globe',
  configSchema: {
    type: 'object',
    properties: { ...remoteSettingsSchema, maxItems: { type: 'integer', minimum: 1, maximum: 100 } },
    required: ['url', 'requestType', 'responsePath', 'valueKey', 'labelKey', 'maxItems'],
    additionalProperties: false,
  },
  defaultConfig: { ...remoteDefaults, maxItems: 20 },
  valueSchema: (c) => ({ type: 'array', maxItems: c.maxItems, items: remoteItemSchema }),
  validate: (v, c) => {
    const ids = Array.isArray(v) ? v.map((x) => (x as { id?: unknown })?.id) : [];
    if (new Set(ids).size !== ids.length) return ['Each item can be chosen once'];
    return Array.isArray(v) && v.length > c.maxItems ? [`Choose at most ${c.maxItems} items`] : [];
  },
  uiHints: { alwaysEnabled: true },
  remoteSource: remoteRequestOf,
  // The request (and any credential it names) stays on the server, as for remote-lookup.
  serverOnlyConfig: [...REMOTE_SERVER_ONLY],
  fixtures: {
    valid: [
      {
        ...remoteDefaults,
        url: 'https://api.example.com/tags',
        params: [{ name: 'q', type: 'data', value: '' }],
        valueKey: 'code',
        labelKey: 'name',
        maxItems: 5,
      },
    ],
    invalid: [{ ...remoteDefaults, maxItems: 0 }],
    values: {
      config: { ...remoteDefaults, maxItems: 2 },
      valid: [
        [{ id: 'a', label: 'A' }],
        [
          { id: 'a', label: 'A', token: 't' },
          { id: 'b', label: 'B' },
        ],
      ],
      invalid: [
        { id: 'a', label: 'A' },
        [
          { id: 'a', label: 'A' },
          { id: 'a', label: 'A' },
        ],
      ],
    },
  },
});
