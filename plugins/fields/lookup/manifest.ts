import { defineFieldManifest } from '../../../runtime/plugin-contract';
import {
  lookupDefaults,
  lookupSettingsSchema,
  recordRefSchema,
  recordSourceOf,
  type LookupSettings,
} from '../../../runtime/lookup-source';

export type LookupConfig = LookupSettings;

export const manifest = defineFieldManifest<LookupConfig>({
  kind: 'field',
  type: 'lookup',
  version: 1,
  title: 'title',
  category: 'advanced',
  icon: 'search-template',
  configSchema: {
    type: 'object',
    properties: lookupSettingsSchema,
    required: ['moduleId', 'displayField'],
    additionalProperties: false,
  },
  defaultConfig: lookupDefaults,
  valueSchema: () => recordRefSchema,
  // Spec section 5: lookups stay enabled where other fields are disabled (the server still refuses a change).
  uiHints: { alwaysEnabled: true },
  recordSource: recordSourceOf,
  fixtures: {
    valid: [
      {
        moduleId: 'm1',
        displayField: 'name',
        displayColumns: ['city'],
        filters: [{ field: 'country', operator: 'eq', value: 'country', type: 'Field' }],
        sortType: 'Descending',
        flowToLookUp: [{ from: 'city', to: 'customer_city' }],
      },
    ],
    invalid: [{ moduleId: 'm1', displayField: 'name', filters: [{ field: 'x', operator: 'like', type: 'literal' }] }],
    values: {
      valid: [{ id: 'r1', label: 'Acme Ltd' }],
      invalid: ['r1', { id: 'r1' }, { id: '', label: 'x' }, { id: 'r1', label: 'x', extra: 1 }],
    },
  },
});
