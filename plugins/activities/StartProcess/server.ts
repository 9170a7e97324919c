import { defineActivityServer } from '../../../runtime/plugin-contract';
import { manifest } from './manifest';

export const server = defineActivityServer({ manifest, execute: async () => ({ outcome: 'Done' }) });
