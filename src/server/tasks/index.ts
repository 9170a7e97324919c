import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { taskRoutes } from './routes.js';

/** The task lists under /api/Task: a user's own, a team's, another user's (administrators), one task's detail. */
export const tasksFeature = defineFeature({
  name: 'tasks',
  register: async (app) => taskRoutes(typed(app)),
});
