import { defineActivityManifest } from '../../../runtime/plugin-contract';

export interface FinishConfig {
  /** The data connector to run once connectors exist; until then Finish completes with Done. */
  connectorId: string | null;
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
    properties: { connectorId: { type: ['string', 'null'], maxLength: 100 } },
    required: [],
    additionalProperties: false,
  },
  defaultConfig: { connectorId: null },
  outcomes: ['Done'],
});
