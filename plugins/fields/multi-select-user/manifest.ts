import { defineFieldManifest } from '../../../runtime/plugin-contract';
import { userRefSchema } from '../../../runtime/lookup-source';

export interface MultiUserConfig {
  /** Offer only the members of this team ('' for every active user). */
  teamId: string;
  /** The most users one record may name. */
  maxItems: number;
}

export const manifest = defineFieldManifest<MultiUserConfig>({
  kind: 'field',
  type: 'multi-select-user',
  version: 1,
  title: 'title',
  category: 'advanced',
  icon: 'people',
  configSchema: {
    type: 'object',
    properties: {
      teamId: { type: 'string', maxLength: 100 },
      maxItems: { type: 'integer', minimum: 1, maximum: 100 },
    },
    required: ['teamId', 'maxItems'],
    additionalProperties: false,
  },
  defaultConfig: { teamId: '', maxItems: 20 },
  valueSchema: (c) => ({
    type: 'array',
    maxItems: c.maxItems,
    items: userRefSchema,
  }),
  validate: (v, c) => {
    const ids = Array.isArray(v) ? v.map((x) => (x as { id?: unknown })?.id) : [];
    if (new Set(ids).size !== ids.length) return ['Each user can be chosen once'];
    return Array.isArray(v) && v.length > c.maxItems ? [`Choose at most ${c.maxItems} users`] : [];
  },
  fixtures: {
    valid: [{ teamId: '', maxItems: 20 }],
    invalid: [{ teamId: '', maxItems: 0 }],
    values: {
      config: { teamId: '', maxItems: 2 },
      valid: [
        [{ id: 'u1', label: 'Ada' }],
        [
          { id: 'u1', label: 'Ada' },
          { id: 'u2', label: 'Bo' },
        ],
      ],
      invalid: [
        [
          { id: 'u1', label: 'Ada' },
          { id: 'u1', label: 'Ada' },
        ],
        [{ id: 'u1' }],
        [
          { id: 'u1', label: 'A' },
          { id: 'u2', label: 'B' },
          { id: 'u3', label: 'C' },
        ],
      ],
    },
  },
});
