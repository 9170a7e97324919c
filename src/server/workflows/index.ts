import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { workflowDesignerRoutes } from './routes.js';

/** The workflow designer's server side: approver look-up; workflowIssues (service.ts) for save and publish. */
export const workflowDesignerFeature = defineFeature({
  name: 'workflow-designer',
  register: async (app) => workflowDesignerRoutes(typed(app)),
});
