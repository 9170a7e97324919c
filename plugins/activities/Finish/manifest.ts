import { defineActivityManifest } from '../../../runtime/plugin-contract';
import { inputsSchema } from '../DataConnector/manifest';

export interface FinishConfig {
  /** The data connector to run before the process completes; none: it completes at once. */
  connectorId: string | null;
  /** The connector's inputs from the record's fields (as the DataConnector step maps them). */
  inputs: { input: string; field: string }[];
}

/** Finishes the process through a data connector (shown as FinishDataconnector). */
export const manifest = defineActivityManifest<FinishConfig>({
  kind: 'activity',
  type: 'Finish',
  version: 1,
  title: 'title',
  icon: 'data-connection',
  configSchema: {
    type: 'object',
    properties: {
      connectorId: { type: ['string', 'null'], maxLength: 100 },
      inputs: inputsSchema,
    },
    required: [],
    additionalProperties: false,
  },
  defaultConfig: { connectorId: null, inputs: [] },
  outcomes: ['Done'],
});
