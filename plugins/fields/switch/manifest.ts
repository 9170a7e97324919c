import { defineFieldManifest } from '../../../runtime/plugin-contract';

export interface SwitchConfig {
  onLabel: string;
  offLabel: string;
}

export const manifest = defineFieldManifest<SwitchConfig>({
  kind: 'field',
  type: 'switch',
  version: 1,
  title: 'title',
  category: 'choice',
  icon: 'switch',
  configSchema: {
    type: 'object',
    properties: { onLabel: { type: 'string', default: 'Yes' }, offLabel: { type: 'string', default: 'No' } },
    additionalProperties: false,
  },
  defaultConfig: { onLabel: 'Yes', offLabel: 'No' },
  valueSchema: () => ({ type: 'boolean' }),
  // A switch that is off still holds an answer.
  isEmpty: (v) => v === null || v === undefined,
  fixtures: { valid: [{ onLabel: 'On', offLabel: 'Off' }], values: { valid: [true, false], invalid: ['yes'] } },
});
