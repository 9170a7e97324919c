import { defineActivityManifest } from '../../../runtime/plugin-contract';

export interface IfConfig {
  /** An expression of the safe evaluator over the record's fields, e.g. `days > 10`. */
  condition: string;
}

/** Branches on a condition (shown as IfElse). */
export const manifest = defineActivityManifest<IfConfig>({
  kind: 'activity',
  type: 'If',
  version: 1,
  title: 'title',
  icon: 'fork',
  configSchema: {
    type: 'object',
    properties: { condition: { type: 'string', maxLength: 10000 } },
    required: ['condition'],
    additionalProperties: false,
  },
  defaultConfig: { condition: 'true' },
  outcomes: ['True', 'False'],
});
