import { defineAutomationStepManifest } from '../../../runtime/plugin-contract';
import { FILTER_OPERATORS, type FilterOperator } from '../../../runtime/expressions/operators';

export interface UpdateRecordsConfig {
  /** The app whose records are updated. */
  moduleId: string;
  /** Which records: the record list's filters (a field or system column, an operator, a value with {{…}} parts). */
  filters: { field: string; operator: FilterOperator; value: string }[];
  /** The new values, each a text with {{stepId.path}} parts from the steps before. */
  values: { field: string; value: string }[];
}

/**
 * Updates every record of an app that passes the filters, as the automation's owner: only records the owner may
 * open and edit, in batches (a cancel stops between them); a dry run counts them and shows a few.
 */
export const manifest = defineAutomationStepManifest<UpdateRecordsConfig>({
  kind: 'automation-step',
  type: 'update-records',
  version: 1,
  title: 'title',
  icon: 'edit',
  moduleAccess: 'edit',
  configSchema: {
    type: 'object',
    properties: {
      moduleId: { type: 'string', minLength: 1, maxLength: 100 },
      filters: {
        type: 'array',
        maxItems: 20,
        items: {
          type: 'object',
          properties: {
            field: { type: 'string', minLength: 1, maxLength: 100 },
            operator: { type: 'string', enum: [...FILTER_OPERATORS] },
            value: { type: 'string', maxLength: 1000 },
          },
          required: ['field', 'operator', 'value'],
          additionalProperties: false,
        },
      },
      values: {
        type: 'array',
        minItems: 1,
        maxItems: 200,
        items: {
          type: 'object',
          properties: {
            field: { type: 'string', minLength: 1, maxLength: 100 },
            value: { type: 'string', maxLength: 4000 },
          },
          required: ['field', 'value'],
          additionalProperties: false,
        },
      },
    },
    required: ['moduleId', 'filters', 'values'],
    additionalProperties: false,
  },
  defaultConfig: { moduleId: '', filters: [], values: [{ field: '', value: '' }] },
  fixtures: {
    valid: [
      {
        moduleId: 'm-1',
        filters: [{ field: 'status', operator: 'eq', value: 'open' }],
        values: [{ field: 'status', value: 'closed on {{run.day}}' }],
      },
    ],
    invalid: [
      { moduleId: 'm-1', filters: [], values: [] },
      { moduleId: 'm-1', filters: [{ field: 'a', operator: 'like', value: '' }], values: [{ field: 'a', value: 'b' }] },
    ],
  },
});
