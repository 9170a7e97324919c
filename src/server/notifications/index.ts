import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { notificationRoutes } from './routes.js';

/** The user's notifications (the outbox handler that delivers them lives in deliver.ts). */
export const notificationsFeature = defineFeature({
  name: 'notifications',
  register: async (app) => notificationRoutes(typed(app)),
});
