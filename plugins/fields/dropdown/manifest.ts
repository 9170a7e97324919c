import { defineFieldManifest } from '../../../runtime/plugin-contract';

export interface DropdownConfig {
  options: { value: string; label: string }[];
  multiple: boolean;
  /** A key-value list (spec: permissible list) whose entries are the options instead of `options`. */
  listId?: string;
  /** A reference dataset whose rows are the options; the value keeps the row's key and label (`{ id, label }`). */
  datasetId?: string;
  /** The dataset column an option shows (the key column when absent). */
  labelColumn?: string;
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
      listId: { type: 'string', maxLength: 100 },
      datasetId: { type: 'string', maxLength: 100 },
      labelColumn: { type: 'string', maxLength: 63 },
    },
    required: ['options'],
    additionalProperties: false,
  },
  defaultConfig: { options: [{ value: 'option-1', label: 'Option 1' }], multiple: false },
  valueSchema: (c) => {
    // A dataset's rows and a list's entries change without the form: the server checks them on save (server.ts).
    if (c.datasetId) {
      const ref = {
        type: 'object',
        properties: {
          id: { type: 'string', minLength: 1, maxLength: 2000 },
          label: { type: 'string', maxLength: 2000 },
        },
        required: ['id', 'label'],
        additionalProperties: false,
      };
      return c.multiple ? { type: 'array', items: ref, maxItems: 200 } : ref;
    }
    const one = c.listId
      ? { type: 'string', minLength: 1, maxLength: 200 }
      : { type: 'string', enum: c.options.map((o) => o.value) };
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
      { options: [], multiple: true, listId: 'list-1' },
      { options: [], multiple: false, datasetId: 'dataset-1', labelColumn: 'name' },
    ],
    invalid: [{ options: [{ value: '', label: 'x' }] }],
    values: { config: { options: [{ value: 'a', label: 'A' }], multiple: false }, valid: ['a'], invalid: ['z', 1] },
  },
});
