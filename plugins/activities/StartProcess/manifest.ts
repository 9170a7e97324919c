import { defineActivityManifest } from '../../../runtime/plugin-contract';

export type StartProcessConfig = Record<string, never>;

/** Where every instance begins: the submit. Always first in the step list. */
export const manifest = defineActivityManifest<StartProcessConfig>({
  kind: 'activity',
  type: 'StartProcess',
  version: 1,
  title: 'title',
  icon: 'play',
  configSchema: { type: 'object', properties: {}, additionalProperties: false },
  defaultConfig: {},
  outcomes: ['Done'],
  role: 'start',
});
