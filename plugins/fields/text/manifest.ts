import { defineFieldManifest } from '../../../runtime/plugin-contract';
import { maxLengthMessage, nameRuleProblems, TEXT_MESSAGES } from '../../../runtime/text-rules';

export interface TextConfig {
  maxLength: number;
  placeholder: string;
  /** Applies the shared name rules of the spec (no special characters, at most 40, no leading space or digit). */
  nameRules: boolean;
}

export const manifest = defineFieldManifest<TextConfig>({
  kind: 'field',
  type: 'text',
  version: 1,
  title: 'title',
  category: 'basic',
  icon: 'font',
  configSchema: {
    type: 'object',
    properties: {
      maxLength: { type: 'integer', minimum: 1, maximum: 4000, default: 255 },
      placeholder: { type: 'string', maxLength: 200, default: '' },
      nameRules: { type: 'boolean', default: false },
    },
    required: ['maxLength'],
    additionalProperties: false,
  },
  defaultConfig: { maxLength: 255, placeholder: '', nameRules: false },
  valueSchema: (c) => ({ type: 'string', maxLength: c.maxLength }),
  validate(value, c) {
    if (typeof value !== 'string') return [];
    const out = c.nameRules ? nameRuleProblems(value) : [];
    if (value.length > c.maxLength && !out.includes(TEXT_MESSAGES.max40)) out.push(maxLengthMessage(c.maxLength));
    return out;
  },
  fixtures: {
    valid: [{ maxLength: 40, placeholder: 'Name', nameRules: true }],
    invalid: [{ maxLength: 0 }, { maxLength: 10, extra: 1 }],
    values: { valid: ['hello'], invalid: [5, 'x'.repeat(300)] },
  },
});
