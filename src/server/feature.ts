import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';

/**
 * A feature is one folder under src/server with an index.ts that exports one of these: it registers its routes
 * (routes.ts: schemas, roles, envelope), starts its workers and stops them in an onClose hook. Plugins a feature
 * needs (cookies, WebSocket) it registers in a scope of its own, so their hooks run only on its routes.
 */
export interface FeatureModule {
  name: string;
  register(app: FastifyInstance, ctx: AppContext): Promise<void>;
}

export const defineFeature = (f: FeatureModule): FeatureModule => f;
