import { defineAutomationStepManifest } from '../../../runtime/plugin-contract';
import { FILTER_OPERATORS, type FilterOperator } from '../../../runtime/expressions/operators';

export interface ConditionConfig {
  /** What is tested: a {{stepId.path}} text, such as {{fetch.outputs.status}}. */
  value: string;
  /** The lookup filter operators. */
  operator: FilterOperator;
  /** What it is compared with (also a text with {{…}} parts); unused by operators that take none. */
  compareTo: string;
}

/** Goes on only when a value meets a condition; otherwise the run ends here, as a success. */
export const manifest = defineAutomationStepManifest<ConditionConfig>({
  kind: 'automation-step',
  type: 'condition',
  version: 1,
  title: 'title',
  icon: 'flow-branch',
  configSchema: {
    type: 'object',
    properties: {
      value: { type: 'string', maxLength: 1000 },
      operator: { type: 'string', enum: [...FILTER_OPERATORS] },
      compareTo: { type: 'string', maxLength: 1000 },
    },
    required: ['value', 'operator', 'compareTo'],
    additionalProperties: false,
  },
  defaultConfig: { value: '', operator: 'eq', compareTo: '' },
  fixtures: {
    valid: [{ value: '{{fetch.outputs.status}}', operator: 'eq', compareTo: 'open' }],
    invalid: [{ value: 'x', operator: 'like', compareTo: '' }],
  },
});
