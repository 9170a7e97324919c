import { defineActivityServer } from '../../../runtime/plugin-contract';
import { manifest, type FinishConfig } from './manifest';

// Connectors do not exist yet: nothing to call, so the activity completes.
export const server = defineActivityServer<FinishConfig>({ manifest, execute: async () => ({ outcome: 'Done' }) });
