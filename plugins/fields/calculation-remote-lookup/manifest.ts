import { defineFieldManifest } from '../../../runtime/plugin-contract';
import {
  remoteDefaults,
  remoteItemSchema,
  remoteRequestOf,
  REMOTE_SERVER_ONLY,
  remoteSettingsSchema,
  type RemoteSettings,
} from '../../../runtime/remote-source';

export interface CalculationRemoteLookupConfig extends RemoteSettings {
  /** The field of this form whose value is sent as the search (the entries of type data). */
  termField: string;
}

/**
 * Another system's answer for another field's value, kept up to date as that value changes: a company's name from
 * its registration number, an address from a postcode. The first item answered is kept as `{ id, label }`; the
 * person filling the form never picks it. Only an item the server itself answered for this field is stored.
 */
export const manifest = defineFieldManifest<CalculationRemoteLookupConfig>({
  kind: 'field',
  type: 'calculation-remote-lookup',
  version: 1,
  title: 'title',
  category: 'calculation',
  icon: 'globe-network',
  configSchema: {
    type: 'object',
    properties: { termField: { type: 'string', maxLength: 64 }, ...remoteSettingsSchema },
    required: ['termField', 'url', 'requestType', 'responsePath', 'valueKey', 'labelKey'],
    additionalProperties: false,
  },
  defaultConfig: { ...remoteDefaults, termField: '' },
  valueSchema: () => remoteItemSchema,
  remoteSource: remoteRequestOf,
  serverOnlyConfig: [...REMOTE_SERVER_ONLY],
  fixtures: {
    valid: [
      {
        ...remoteDefaults,
        termField: 'company_number',
        url: 'https://api.example.com/companies',
        params: [{ name: 'number', type: 'data', value: '' }],
        responsePath: 'items',
        valueKey: 'number',
        labelKey: 'name',
      },
    ],
    invalid: [{ ...remoteDefaults, termField: 'x', requestType: 'DELETE' }],
    values: { valid: [{ id: '0123', label: 'Acme Ltd' }], invalid: ['0123', { id: '0123' }] },
  },
});
