import { defineFieldManifest } from '../../../runtime/plugin-contract';

export interface CheckboxConfig {
  text: string;
}

/** A single tick box (for example accepting terms); required means it must be ticked. */
export const manifest = defineFieldManifest<CheckboxConfig>({
  kind: 'field',
  type: 'checkbox',
  version: 1,
  title: 'title',
  category: 'choice',
  icon: 'tick-circle',
  configSchema: { type: 'object', properties: { text: { type: 'string', default: '' } }, additionalProperties: false },
  defaultConfig: { text: '' },
  valueSchema: () => ({ type: 'boolean' }),
  isEmpty: (v) => v !== true,
  fixtures: { valid: [{ text: 'I accept the terms' }], values: { valid: [true, false], invalid: [1] } },
});
