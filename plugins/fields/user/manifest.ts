import { defineFieldManifest } from '../../../runtime/plugin-contract';

export interface UserConfig {
  /** Offer only the members of this team ('' for every active user). */
  teamId: string;
}

export const manifest = defineFieldManifest<UserConfig>({
  kind: 'field',
  type: 'user',
  version: 1,
  title: 'title',
  category: 'advanced',
  icon: 'person',
  configSchema: {
    type: 'object',
    properties: { teamId: { type: 'string', maxLength: 100 } },
    required: ['teamId'],
    additionalProperties: false,
  },
  defaultConfig: { teamId: '' },
  // A user is stored as a reference: their id and the name they had when picked (lists show it as it is).
  valueSchema: () => ({
    type: 'object',
    properties: { id: { type: 'string', minLength: 1, maxLength: 100 }, label: { type: 'string', maxLength: 500 } },
    required: ['id', 'label'],
    additionalProperties: false,
  }),
  fixtures: {
    valid: [{ teamId: '' }, { teamId: 'team-1' }],
    invalid: [{ teamId: 3 }, { teamId: '', multiple: true }],
    values: { valid: [{ id: 'u1', label: 'Ada' }], invalid: ['u1', { id: 'u1' }, [{ id: 'u1', label: 'Ada' }]] },
  },
});
