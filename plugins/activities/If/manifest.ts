import { defineActivityManifest } from '../../../runtime/plugin-contract';
import { compileExpression } from '../../../runtime/expressions';

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

  // The condition must parse in the safe evaluator the engine runs it with.
  validate(config, { name }) {
    const condition = typeof config.condition === 'string' ? config.condition.trim() : '';
    if (!condition) return [{ code: 'CONDITION_MISSING', text: '{name} needs a condition', params: { name } }];
    try {
      compileExpression(condition);
      return [];
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      return [
        { code: 'CONDITION_INVALID', text: 'The condition of {name} is not valid: {error}', params: { name, error } },
      ];
    }
  },
});
