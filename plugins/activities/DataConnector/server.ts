import { defineActivityServer } from '../../../runtime/plugin-contract';
import { manifest, type DataConnectorConfig } from './manifest';

/** The record's values as the connector's inputs: every field by its name, and the mapped ones by their input. */
export function connectorInput(data: Record<string, unknown>, inputs: DataConnectorConfig['inputs'] = []) {
  const input: Record<string, unknown> = { ...data };
  for (const m of inputs) if (m.input) input[m.input] = data[m.field];
  return input;
}

export const server = defineActivityServer<DataConnectorConfig>({
  manifest,
  execute: async (config, _activity, ctx) => {
    if (!config.connectorId) return { fault: 'No data connector is chosen for this step.' };
    return {
      call: {
        connectorId: config.connectorId,
        input: connectorInput(ctx.data, config.inputs),
        attempts: config.attempts ?? 3,
        timeoutMs: (config.timeoutSeconds ?? 15) * 1000,
      },
    };
  },
});
