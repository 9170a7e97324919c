import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { peopleFeature } from './people/index.js';
import { tenantInfoRoutes } from './sys/tenant-info.js';
import { identityFeature } from './identity/index.js';
import { notificationRoutes } from './notifications/routes.js';
import { appRoutes } from './apps/routes.js';
import { workflowDesignerRoutes } from './apps/workflow-routes.js';
import { recordRoutes } from './records/routes.js';
import { engineFeature } from './engine/index.js';
import { entriesFeature } from './entries/index.js';
import { filesFeature } from './files/index.js';
import { schedulerFeature } from './scheduler/index.js';

export type FeatureModule = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

/** Every API feature, registered in this order. A feature is a folder under src/server with one entry here. */
export const featureModules: FeatureModule[] = [tenantInfoRoutes, notificationRoutes, appRoutes, workflowDesignerRoutes, recordRoutes, peopleFeature, engineFeature, entriesFeature, filesFeature, schedulerFeature];

/** Features that read or set cookies; they share one scope with the cookie plugin (its hooks run only there). */
export const cookieFeatures: FeatureModule[] = [identityFeature];
