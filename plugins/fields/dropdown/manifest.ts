import { defineFieldManifest } from '../../../runtime/plugin-contract';

export interface DropdownConfig {
  options: { value: string; label: string }[];
  multiple: boolean;
}

export const manifest = defineFieldManifest<DropdownConfig>({
  kind: 'field',
  type: 'dropdown',
  version: 1,
  title: 'title',
  category: 'choice',
  icon: 'th-list',
  configSchema: {
    type: 'object',
    properties: {
      options: {
        type: 'array',
        maxItems: 500,
        items: {
          type: 'object',
          properties: { value: { type: 'string', minLength: 1 }, label: { type: 'string' } },
          required: ['value', 'label'],
          additionalProperties: false,
        },
      },
      multiple: { type: 'boolean', default: false },
    },
    required: ['options'],
    additionalProperties: false,
  },
  defaultConfig: { options: [{ value: 'option-1', label: 'Option 1' }], multiple: false },
  valueSchema: (c) => {
    const one = { type: 'string', enum: c.options.map((o) => o.value) };
    return c.multiple ? { type: 'array', items: one, uniqueItems: true } : one;
  },
  fixtures: {
    valid: [
      {
        options: [
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
        ],
        multiple: false,
      },
    ],
    invalid: [{ options: [{ value: '', label: 'x' }] }],
    values: { config: { options: [{ value: 'a', label: 'A' }], multiple: false }, valid: ['a'], invalid: ['z', 1] },
  },
});
