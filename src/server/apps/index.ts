import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { lifecycleRoutes } from './lifecycle/routes.js';
import { moduleConfigRoutes } from './module-config/routes.js';
import { recordTemplateRoutes } from './record-templates/routes.js';
import { categoryRoutes } from './categories/routes.js';
import { ocrRoutes } from './ocr/routes.js';

/**
 * Apps (modules) and what belongs to them: the lifecycle and lists, list settings and e-mail templates, record
 * templates, app groups (categories) and the OCR catalogue. The workflow designer's routes (src/server/workflows/)
 * are a feature of their own.
 */
export const appsFeature = defineFeature({
  name: 'apps',
  register: async (app) => {
    const api = typed(app);
    lifecycleRoutes(api);
    moduleConfigRoutes(api);
    recordTemplateRoutes(api);
    categoryRoutes(api);
    ocrRoutes(api);
  },
});
