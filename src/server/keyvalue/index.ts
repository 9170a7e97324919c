import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { keyValueRoutes } from './routes.js';

/** Key-value lists (the spec's permissible lists) and their categories: the first part of reference data. */
export const keyValueFeature = defineFeature({
  name: 'keyvalue',
  register: async (app) => keyValueRoutes(typed(app)),
});
