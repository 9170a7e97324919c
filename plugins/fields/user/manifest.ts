import { defineFieldManifest } from '../../../runtime/plugin-contract';
import { userRefSchema } from '../../../runtime/lookup-source';

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
  valueSchema: () => userRefSchema,
  fixtures: {
    valid: [{ teamId: '' }, { teamId: 'team-1' }],
    invalid: [{ teamId: 3 }, { teamId: '', multiple: true }],
    values: { valid: [{ id: 'u1', label: 'Ada' }], invalid: ['u1', { id: 'u1' }, [{ id: 'u1', label: 'Ada' }]] },
  },
});
