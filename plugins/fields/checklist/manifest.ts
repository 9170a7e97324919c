import { defineFieldManifest } from '../../../runtime/plugin-contract';

export interface ChecklistConfig {
  /** The flags; the designer adds, deletes and renames them (ids stay stable across renames). */
  flags: { id: string; label: string }[];
}

export const manifest = defineFieldManifest<ChecklistConfig>({
  kind: 'field',
  type: 'checklist',
  version: 1,
  title: 'title',
  category: 'choice',
  icon: 'form',
  configSchema: {
    type: 'object',
    properties: {
      flags: {
        type: 'array',
        maxItems: 200,
        items: {
          type: 'object',
          properties: { id: { type: 'string', minLength: 1 }, label: { type: 'string', minLength: 1 } },
          required: ['id', 'label'],
          additionalProperties: false,
        },
      },
    },
    required: ['flags'],
    additionalProperties: false,
  },
  defaultConfig: { flags: [{ id: 'flag-1', label: 'Item 1' }] },
  valueSchema: (c) => ({ type: 'array', items: { type: 'string', enum: c.flags.map((f) => f.id) }, uniqueItems: true }),
  fixtures: {
    valid: [
      {
        flags: [
          { id: 'a', label: 'Passport' },
          { id: 'b', label: 'Visa' },
        ],
      },
    ],
    invalid: [{ flags: [{ id: 'a' }] }],
    values: { config: { flags: [{ id: 'a', label: 'A' }] }, valid: [[], ['a']], invalid: [['z'], ['a', 'a']] },
  },
});
