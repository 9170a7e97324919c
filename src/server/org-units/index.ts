import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { orgUnitRoutes } from './routes.js';

/** The organisation's units (a tree of departments with heads, members and roles), used by approval steps. */
export const orgUnitsFeature = defineFeature({
  name: 'org-units',
  register: async (app) => {
    orgUnitRoutes(typed(app));
  },
});
