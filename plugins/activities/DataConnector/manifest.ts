import { defineActivityManifest } from '../../../runtime/plugin-contract';

export interface DataConnectorConfig {
  /** The saved data connector to run. */
  connectorId: string | null;
  /** The connector's inputs from the record's fields; inputs not listed take the field of the same name. */
  inputs: { input: string; field: string }[];
  /** Tries before the process faults (the first included). */
  attempts: number;
  timeoutSeconds: number;
}

/** Connector inputs from record fields (shared with Finish). */
export const inputsSchema = {
  type: 'array',
  maxItems: 100,
  items: {
    type: 'object',
    properties: { input: { type: 'string', maxLength: 100 }, field: { type: 'string', maxLength: 100 } },
    required: ['input', 'field'],
    additionalProperties: false,
  },
};

/** Calls a data connector with the record's values and writes its answer's outputs into the record's fields. */
export const manifest = defineActivityManifest<DataConnectorConfig>({
  kind: 'activity',
  type: 'DataConnector',
  version: 1,
  title: 'title',
  icon: 'data-connection',
  configSchema: {
    type: 'object',
    properties: {
      connectorId: { type: ['string', 'null'], maxLength: 100 },
      inputs: inputsSchema,
      attempts: { type: 'integer', minimum: 1, maximum: 10 },
      timeoutSeconds: { type: 'integer', minimum: 1, maximum: 15 },
    },
    required: ['connectorId'],
    additionalProperties: false,
  },
  defaultConfig: { connectorId: null, inputs: [], attempts: 3, timeoutSeconds: 15 },
  outcomes: ['Done'],
  validate(config, { name }) {
    return config.connectorId
      ? []
      : [{ code: 'CONNECTOR_MISSING', text: '{name} needs a data connector', params: { name } }];
  },
});
