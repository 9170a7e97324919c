import { defineActivityServer } from '../../../runtime/plugin-contract';
import { connectorInput } from '../DataConnector/server';
import { manifest, type FinishConfig } from './manifest';

// With a connector, the process finishes once the connector has answered (FinishDataconnector); without, at once.
export const server = defineActivityServer<FinishConfig>({
  manifest,
  execute: async (config, _activity, ctx) =>
    config.connectorId
      ? {
          call: {
            connectorId: config.connectorId,
            input: connectorInput(ctx.data, config.inputs),
            attempts: 3,
            timeoutMs: 15_000,
          },
        }
      : { outcome: 'Done' },
});
