import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { datasetRoutes } from './routes.js';

/** Reference datasets: typed columns, rows kept one by one, import and export, and the User Extension. */
export const refDataFeature = defineFeature({
  name: 'refdata',
  register: async (app) => datasetRoutes(typed(app)),
});
