import { ok, type ApiApp } from '../http/api.js';
import { rolesOf } from '../access/index.js';
import {
  AppPermissionList,
  ExplainBody,
  ExplanationAnswer,
  ModuleParams,
  PeopleAnswer,
  RecordPickAnswer,
  RolesOverviewAnswer,
  SavedAnswer,
  SavePermissionBody,
  WhatIfAnswer,
} from './schemas.js';
import { rolesOverview } from './roles.js';
import { appPermissions, people, recordsToPick, savePermission } from './service.js';
import { explain } from './explain.js';
import { whatIf } from './whatif.js';

const R = '/api/rolespermissions';
const tags = ['roles and permissions'];
const admins = { roles: rolesOf('admins') };

/** /settings/roles-permissions: the roles overview, app permission rules with a what-if, and access explained. */
export function rolesPermissionsRoutes(app: ApiApp) {
  // Derived from code only (no tenant data): everyone who may open the settings page reads it.
  app.get(
    `${R}/roles`,
    { config: { roles: rolesOf('managers') }, schema: { tags, response: { 200: RolesOverviewAnswer } } },
    async () => ok(rolesOverview(app.routeAccess)),
  );
  app.get(`${R}/apps`, { config: admins, schema: { tags, response: { 200: AppPermissionList } } }, async (req) =>
    ok(await appPermissions(req.tdb)),
  );
  app.get(`${R}/people`, { config: admins, schema: { tags, response: { 200: PeopleAnswer } } }, async (req) =>
    ok(await people(req.tdb)),
  );
  app.get(
    `${R}/apps/:moduleId/records`,
    { config: admins, schema: { tags, params: ModuleParams, response: { 200: RecordPickAnswer } } },
    async (req) => ok(await recordsToPick(req.tdb, req.params.moduleId)),
  );
  app.post(
    `${R}/apps/:moduleId/whatif`,
    {
      config: admins,
      schema: { tags, params: ModuleParams, body: SavePermissionBody, response: { 200: WhatIfAnswer } },
    },
    async (req) => ok(await whatIf(req.tdb, req.params.moduleId, req.body.permission)),
  );
  app.post(
    `${R}/apps/:moduleId/permission`,
    {
      config: admins,
      schema: { tags, params: ModuleParams, body: SavePermissionBody, response: { 200: SavedAnswer } },
    },
    async (req) =>
      ok(await savePermission(req.tdb, req.user, req.params.moduleId, req.body.permission), 'Permissions saved.'),
  );
  app.post(
    `${R}/explain`,
    { config: admins, schema: { tags, body: ExplainBody, response: { 200: ExplanationAnswer } } },
    async (req) => ok(await explain(req.tdb, req.body)),
  );
}
