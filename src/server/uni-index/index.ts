import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { uniIndexRoutes } from './routes.js';

/**
 * What the assistant Uni retrieves from: the product help (files per language) and a full-text index of the
 * tenant's apps, workflows, reports and record values, read back only through the access module (retrieve.ts).
 */
export const uniIndexFeature = defineFeature({
  name: 'uni-index',
  register: async (app) => uniIndexRoutes(typed(app)),
});
