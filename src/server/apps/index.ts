import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { lifecycleRoutes } from './lifecycle/routes.js';
import { moduleConfigRoutes } from './module-config/routes.js';
import { recordTemplateRoutes } from './record-templates/routes.js';
import { categoryRoutes } from './categories/routes.js';
import { ocrRoutes } from './ocr/routes.js';
import { HUB_APPS_CHANGED } from '../hub/hub.js';
import type { AppsChanged } from './paths.js';

/**
 * Apps (modules) and what belongs to them: the lifecycle and lists, list settings and e-mail templates, record
 * templates, app groups (categories) and the OCR catalogue. The workflow designer's routes (src/server/workflows/)
 * are a feature of their own.
 */
export const appsFeature = defineFeature({
  name: 'apps',
  register: async (app, ctx) => {
    const api = typed(app);
    // Every open page of the tenant refreshes its menus; a lost message only delays that until the next load.
    const appsChanged: AppsChanged = (tenantId) =>
      void ctx.hub.sendToTenant(tenantId, HUB_APPS_CHANGED, []).catch((err) => app.log.warn({ err }, 'apps changed'));
    lifecycleRoutes(api, appsChanged);
    moduleConfigRoutes(api);
    recordTemplateRoutes(api);
    categoryRoutes(api, appsChanged);
    ocrRoutes(api);
  },
});
