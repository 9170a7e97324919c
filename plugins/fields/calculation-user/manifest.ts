import { defineFieldManifest } from '../../../runtime/plugin-contract';
import { userRefSchema } from '../../../runtime/lookup-source';

export interface CalculationUserConfig {
  /** Keep the result only when it is a member of this team ('' for any active user). */
  teamId: string;
}

/**
 * A user computed from the field's formula: a user field's value, or a user's id (e.g.
 * `IF(amount > 1000, director, manager)`). The server keeps it only when it names an active user of the tenant,
 * stored like a user field: the id and the name they show by.
 */
export const manifest = defineFieldManifest<CalculationUserConfig>({
  kind: 'field',
  type: 'calculation-user',
  version: 1,
  title: 'title',
  category: 'calculation',
  icon: 'person',
  configSchema: {
    type: 'object',
    properties: { teamId: { type: 'string', maxLength: 100 } },
    required: ['teamId'],
    additionalProperties: false,
  },
  defaultConfig: { teamId: '' },
  valueSchema: () => userRefSchema,
  uiHints: { computed: true },
  fixtures: {
    valid: [{ teamId: '' }, { teamId: 'team-1' }],
    invalid: [{ teamId: 1 }],
    values: { valid: [{ id: 'u1', label: 'Ada' }], invalid: ['u1', { id: 'u1' }] },
  },
});
