import { defineActivityServer } from '../../../runtime/activity-registry-node';
import { manifest } from './manifest';

export const server = defineActivityServer({ manifest, execute: async () => ({ outcome: 'Done' }) });
