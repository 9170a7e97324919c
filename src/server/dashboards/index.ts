import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { analyticsRoutes } from '../analytics/routes.js';
import { dashboardRoutes } from './routes.js';

/** Dashboards (a grid of widgets per user, shared by role, team or user) and process analytics (business intelligence). */
export const dashboardsFeature = defineFeature({
  name: 'dashboards',
  async register(app, ctx) {
    dashboardRoutes(typed(app), ctx.db);
    analyticsRoutes(typed(app));
  },
});
