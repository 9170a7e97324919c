import { defineAutomationStepManifest } from '../../../runtime/plugin-contract';

export interface ImportOrdersConfig {
  /** The connect hub store key whose store is read. */
  storeKeyId: string;
  /** The app that gets one record per order. */
  moduleId: string;
  /** Field values, each a text with {{order.<field>}} parts (id, number, createdAt, total, currency, status, customerName, customerEmail). */
  values: { field: string; value: string }[];
  /** Submit each record into the app's workflow, or keep it as a draft. */
  submit: boolean;
}

/** Imports a store's new orders (Shopify, WooCommerce) as records of an app: one record per order, never twice. */
export const manifest = defineAutomationStepManifest<ImportOrdersConfig>({
  kind: 'automation-step',
  type: 'import-orders',
  version: 1,
  title: 'title',
  icon: 'shopping-cart',
  configSchema: {
    type: 'object',
    properties: {
      storeKeyId: { type: 'string', minLength: 1, maxLength: 100 },
      moduleId: { type: 'string', minLength: 1, maxLength: 100 },
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
      submit: { type: 'boolean' },
    },
    required: ['storeKeyId', 'moduleId', 'values', 'submit'],
    additionalProperties: false,
  },
  defaultConfig: {
    storeKeyId: '',
    moduleId: '',
    values: [{ field: 'order', value: '{{order.number}}' }],
    submit: false,
  },
  fixtures: {
    valid: [
      {
        storeKeyId: 'sk-1',
        moduleId: 'm-1',
        values: [
          { field: 'order', value: '{{order.number}}' },
          { field: 'customer', value: '{{order.customerName}} <{{order.customerEmail}}>' },
          { field: 'total', value: '{{order.total}} {{order.currency}}' },
        ],
        submit: true,
      },
    ],
    invalid: [
      { storeKeyId: '', moduleId: 'm-1', values: [{ field: 'a', value: 'b' }], submit: true },
      { storeKeyId: 'sk-1', moduleId: 'm-1', values: [], submit: true },
    ],
  },
});
