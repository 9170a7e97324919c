import { defineActivityManifest } from '../../../runtime/plugin-contract';

export type CompletedProcessConfig = Record<string, never>;

/** The end of the process: the record is completed. Always last in the step list. */
export const manifest = defineActivityManifest<CompletedProcessConfig>({
  kind: 'activity',
  type: 'CompletedProcess',
  version: 1,
  title: 'title',
  icon: 'tick-circle',
  configSchema: { type: 'object', properties: {}, additionalProperties: false },
  defaultConfig: {},
  outcomes: [],
  role: 'end',
});
