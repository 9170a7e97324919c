import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { rolesPermissionsRoutes } from './routes.js';

/**
 * Roles and permissions (/settings/roles-permissions): what each kind of user may do (derived from the guard's
 * route list, the role groups and the menu), editing an app's permission rules with a what-if preview, and
 * explaining one user's access to an app or record by the access module's own checks (access/explain.ts).
 */
export const rolesPermissionsFeature = defineFeature({
  name: 'roles-permissions',
  register: async (app) => rolesPermissionsRoutes(typed(app)),
});
