import { defineAutomationStepManifest } from '../../../runtime/plugin-contract';

export interface CallConnectorConfig {
  /** A saved data connector. */
  connectorId: string;
  /** Its inputs, each a text with {{stepId.path}} parts from the steps before. */
  inputs: { name: string; value: string }[];
}

/** Calls a data connector (through the egress module, with its security header); its outputs feed later steps. */
export const manifest = defineAutomationStepManifest<CallConnectorConfig>({
  kind: 'automation-step',
  type: 'call-connector',
  version: 1,
  title: 'title',
  icon: 'exchange',
  configSchema: {
    type: 'object',
    properties: {
      connectorId: { type: 'string', minLength: 1, maxLength: 100 },
      inputs: {
        type: 'array',
        maxItems: 50,
        items: {
          type: 'object',
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 100 },
            value: { type: 'string', maxLength: 4000 },
          },
          required: ['name', 'value'],
          additionalProperties: false,
        },
      },
    },
    required: ['connectorId', 'inputs'],
    additionalProperties: false,
  },
  defaultConfig: { connectorId: '', inputs: [] },
  fixtures: {
    valid: [{ connectorId: 'c-1', inputs: [{ name: 'customer', value: '{{orders.outputs.customer}}' }] }],
    invalid: [{ connectorId: '', inputs: [] }],
  },
});
