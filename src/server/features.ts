import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import type { FeatureModule } from './feature.js';
import { peopleFeature } from './people/index.js';
import { tenantInfoRoutes } from './sys/tenant-info.js';
import { identityFeature } from './identity/index.js';
import { notificationsFeature } from './notifications/index.js';
import { appRoutes } from './apps/routes.js';
import { workflowDesignerRoutes } from './apps/workflow-routes.js';
import { recordRoutes } from './records/routes.js';
import { engineFeature } from './engine/index.js';
import { entriesFeature } from './entries/index.js';
import { filesFeature } from './files/index.js';
import { schedulerFeature } from './scheduler/index.js';

/** Until a folder has its own index.ts: wraps a bare registration function. */
const legacy = (name: string, register: (app: FastifyInstance, ctx: AppContext) => Promise<void>): FeatureModule => ({
  name,
  register,
});

/** Every API feature, registered in this order: one line each. */
export const featureModules: FeatureModule[] = [
  legacy('identity', async (app, ctx) => {
    const cookie = (await import('@fastify/cookie')).default;
    await app.register(async (scope) => {
      await scope.register(cookie);
      await identityFeature(scope, ctx);
    });
  }),
  legacy('tenant-info', tenantInfoRoutes),
  notificationsFeature,
  legacy('apps', appRoutes),
  legacy('workflow-designer', workflowDesignerRoutes),
  legacy('records', recordRoutes),
  legacy('people', peopleFeature),
  legacy('engine', engineFeature),
  legacy('entries', entriesFeature),
  legacy('files', filesFeature),
  legacy('scheduler', schedulerFeature),
];
