import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { connectorRoutes } from './routes.js';
import { ConnectorStepRunner } from './steps.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's runner of workflow steps that call a connector (main.ts starts it; tests drain it). */
    connectorSteps: ConnectorStepRunner;
  }
}

/** Data connectors: plugins (plugins/connectors/<type>/) that call other systems through the egress module. */
export const connectorsFeature = defineFeature({
  name: 'connectors',
  async register(app, ctx) {
    const steps = new ConnectorStepRunner(ctx.db, ctx.transitions, ctx.log, ctx.config.connectorSteps);
    app.decorate('connectorSteps', steps);
    app.addHook('onClose', () => steps.stop());
    connectorRoutes(typed(app));
  },
});
