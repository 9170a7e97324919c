import { defineAutomationStepManifest } from '../../../runtime/plugin-contract';

export interface CreateRecordConfig {
  /** The app whose record is made. */
  moduleId: string;
  /** Field values, each a text with {{stepId.path}} parts from the steps before. */
  values: { field: string; value: string }[];
  /** Submit into the app's workflow, or keep it as a draft. */
  submit: boolean;
}

/** Creates a record of an app from mapped values, as the automation's owner. */
export const manifest = defineAutomationStepManifest<CreateRecordConfig>({
  kind: 'automation-step',
  type: 'create-record',
  version: 1,
  title: 'title',
  icon: 'add',
  configSchema: {
    type: 'object',
    properties: {
      moduleId: { type: 'string', minLength: 1, maxLength: 100 },
      values: {
        type: 'array',
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
      submit: { type: 'boolean' },
    },
    required: ['moduleId', 'values', 'submit'],
    additionalProperties: false,
  },
  defaultConfig: { moduleId: '', values: [], submit: true },
  fixtures: {
    valid: [{ moduleId: 'm-1', values: [{ field: 'title', value: 'Daily check {{run.day}}' }], submit: false }],
    invalid: [
      { moduleId: '', values: [], submit: true },
      { moduleId: 'm', values: 'x', submit: true },
    ],
  },
});
