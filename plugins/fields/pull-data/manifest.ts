import { defineFieldManifest } from '../../../runtime/plugin-contract';
import {
  lookupDefaults,
  lookupSettingsSchema,
  recordSourceOf,
  type LookupSettings,
} from '../../../runtime/lookup-source';

export type PullDataConfig = LookupSettings;

/**
 * Fills fields of this form from a record the user picks (its flowToLookUp); it holds no value itself, so what it
 * copies is saved, checked and permitted like anything typed into those fields.
 */
export const manifest = defineFieldManifest<PullDataConfig>({
  kind: 'field',
  type: 'pull-data',
  version: 1,
  title: 'title',
  category: 'advanced',
  icon: 'import',
  configSchema: {
    type: 'object',
    properties: lookupSettingsSchema,
    required: ['moduleId', 'displayField', 'flowToLookUp'],
    additionalProperties: false,
  },
  defaultConfig: lookupDefaults,
  valueSchema: () => ({ type: 'null' }),
  uiHints: { noValue: true },
  recordSource: recordSourceOf,
  fixtures: {
    valid: [{ ...lookupDefaults, moduleId: 'm1', displayField: 'name', flowToLookUp: [{ from: 'city', to: 'city' }] }],
    invalid: [{ ...lookupDefaults, sortType: 'Sideways' }],
  },
});
