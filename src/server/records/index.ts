import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { recordRoutes } from './routes.js';

/** One record of an app: save a draft, read it under the viewer's step, the form for a new one. */
export const recordsFeature = defineFeature({
  name: 'records',
  register: async (app) => recordRoutes(typed(app)),
});
