import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { connectorRoutes } from './routes.js';

/** Data connectors: plugins (plugins/connectors/<type>/) that call other systems through the egress module. */
export const connectorsFeature = defineFeature({
  name: 'connectors',
  async register(app) {
    connectorRoutes(typed(app));
  },
});
