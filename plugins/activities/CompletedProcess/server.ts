import { defineActivityServer } from '../../../runtime/activity-registry-node';
import { manifest } from './manifest';

export const server = defineActivityServer({ manifest, execute: async () => ({ end: 'Completed' as const }) });
