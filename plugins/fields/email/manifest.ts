import { defineFieldManifest } from '../../../runtime/plugin-contract';

export type EmailConfig = Record<string, never>;

export const manifest = defineFieldManifest<EmailConfig>({
  kind: 'field',
  type: 'email',
  version: 1,
  title: 'title',
  category: 'basic',
  icon: 'envelope',
  configSchema: { type: 'object', properties: {}, additionalProperties: false },
  defaultConfig: {},
  valueSchema: () => ({ type: 'string', format: 'email', maxLength: 254 }),
  fixtures: { valid: [{}], values: { valid: ['ada@example.com'], invalid: ['not-an-email', 'a@'] } },
});
