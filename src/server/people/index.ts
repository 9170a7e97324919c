import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { teamRoutes } from './routes-teams.js';
import { userRoutes } from './routes-users.js';

/** The tenant's users and teams. */
export const peopleFeature = defineFeature({
  name: 'people',
  register: async (app, ctx) => {
    const api = typed(app);
    userRoutes(api, ctx);
    teamRoutes(api);
  },
});
