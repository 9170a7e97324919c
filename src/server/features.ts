import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { tenantInfoRoutes } from './sys/tenant-info.js';
import { identityFeature } from './identity/index.js';
import { notificationRoutes } from './notifications/routes.js';
import { appRoutes } from './apps/routes.js';
import { recordRoutes } from './records/routes.js';

export type FeatureModule = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

/** Every API feature, registered in this order. A feature is a folder under src/server with one entry here. */
export const featureModules: FeatureModule[] = [tenantInfoRoutes, identityFeature, notificationRoutes, appRoutes, recordRoutes];
