import { defineFieldManifest } from '../../../runtime/plugin-contract';
import {
  remoteDefaults,
  remoteRequestOf,
  REMOTE_SERVER_ONLY,
  remoteSettingsSchema,
  type RemoteSettings,
} from '../../../runtime/remote-source';

export interface InputExternalConfig extends RemoteSettings {
  /** What the field holds: text, or a number. */
  dataType: 'string' | 'number';
  /** Which part of a suggestion is put in the field: the item's identifying value or its shown label. */
  resultType: 'value' | 'label';
}

/**
 * An input the user types in freely, with suggestions another system answers as they type (spec:
 * input-external). The value is plain text or a number, so nothing needs checking against the other system.
 */
export const manifest = defineFieldManifest<InputExternalConfig>({
  kind: 'field',
  type: 'input-external',
  version: 1,
  title: 'title',
  category: 'advanced',
  icon: 'search-text',
  configSchema: {
    type: 'object',
    properties: {
      ...remoteSettingsSchema,
      dataType: { type: 'string', enum: ['string', 'number'] },
      resultType: { type: 'string', enum: ['value', 'label'] },
    },
    required: ['url', 'requestType', 'responsePath', 'valueKey', 'labelKey', 'dataType', 'resultType'],
    additionalProperties: false,
  },
  defaultConfig: { ...remoteDefaults, dataType: 'string', resultType: 'label' },
  valueSchema: (c) => (c.dataType === 'number' ? { type: 'number' } : { type: 'string', maxLength: 2000 }),
  // Spec section 5: an input-external field stays enabled where other fields are disabled.
  uiHints: { alwaysEnabled: true },
  remoteSource: remoteRequestOf,
  serverOnlyConfig: [...REMOTE_SERVER_ONLY],
  fixtures: {
    valid: [
      {
        ...remoteDefaults,
        url: 'https://api.example.com/postcodes',
        params: [{ name: 'q', type: 'data', value: '' }],
        dataType: 'string',
        resultType: 'value',
      },
    ],
    invalid: [{ ...remoteDefaults, dataType: 'date', resultType: 'label' }],
    values: {
      config: { ...remoteDefaults, dataType: 'number', resultType: 'value' },
      valid: [42, 0.5],
      invalid: ['42', { id: 'a' }],
    },
  },
});
