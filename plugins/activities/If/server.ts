import { defineActivityServer } from '../../../runtime/plugin-contract';
import { evaluateExpression, ExpressionError, truthy, type Value } from '../../../runtime/expressions';
import { manifest, type IfConfig } from './manifest';

export const server = defineActivityServer<IfConfig>({
  manifest,
  async execute(config, activity, ctx) {
    try {
      return { outcome: truthy(evaluateExpression(config.condition || 'false', ctx.data) as Value) ? 'True' : 'False' };
    } catch (err) {
      const why = err instanceof ExpressionError ? err.message : 'the condition could not be evaluated';
      return { fault: `Condition of ${activity.displayName ?? activity.activityId}: ${why}` };
    }
  },
});
