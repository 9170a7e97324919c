import { defineFieldManifest } from '../../../runtime/plugin-contract';

export interface ButtonConfig {
  text: string;
  /** What the click does: open a link in a new tab. */
  url: string;
}

/** A button in the form; it holds no value. */
export const manifest = defineFieldManifest<ButtonConfig>({
  kind: 'field',
  type: 'button',
  version: 1,
  title: 'title',
  category: 'advanced',
  icon: 'widget-button',
  configSchema: {
    type: 'object',
    properties: {
      text: { type: 'string', default: 'Open' },
      url: { type: 'string', pattern: '^(https?://|/)', default: '/' },
    },
    required: ['text', 'url'],
    additionalProperties: false,
  },
  defaultConfig: { text: 'Open', url: '/' },
  valueSchema: () => ({ type: 'null' }),
  uiHints: { noValue: true },
  fixtures: {
    valid: [{ text: 'Help', url: 'https://example.com/help' }],
    invalid: [{ text: 'x', url: 'javascript:alert(1)' }],
  },
});
