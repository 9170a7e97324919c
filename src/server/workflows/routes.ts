import { ok, type ApiApp } from '../http/api.js';
import { rolesOf } from '../access/index.js';
import {
  AssigneesAnswer,
  LookupQuery,
  PermissibleAnswer,
  PermissibleQuery,
  RecordAssigneeQuery,
  ShareAnswer,
  ShareQuery,
} from './schemas.js';
import { lookupAssignees, permissibleFields } from './service.js';
import { assigneesForRecord, recordShare } from './record-people.js';

const tags = ['workflow'];

/** Look-ups the workflow designer needs (saving and publishing a workflow go through the apps feature). */
export function workflowDesignerRoutes(app: ApiApp) {
  app.get(
    '/api/form/Editor/LookupAssignee',
    {
      config: { roles: rolesOf('designers') },
      schema: { tags, querystring: LookupQuery, response: { 200: AssigneesAnswer } },
    },
    async (req) => ok(await lookupAssignees(req.tdb, req.query)),
  );
  app.get(
    '/api/workflow/permissible-fields',
    {
      config: { roles: rolesOf('designers') },
      schema: { tags, querystring: PermissibleQuery, response: { 200: PermissibleAnswer } },
    },
    async (req) => ok(await permissibleFields(req.tdb, req.query)),
  );
  app.get(
    '/api/form/Editor/LookupAssigneeByRecord',
    { schema: { tags, querystring: RecordAssigneeQuery, response: { 200: AssigneesAnswer } } },
    async (req) => ok(await assigneesForRecord(req.tdb, req.user, req.query)),
  );
  app.get(
    '/api/workflow/share',
    { schema: { tags, querystring: ShareQuery, response: { 200: ShareAnswer } } },
    async (req) => ok(await recordShare(req.tdb, req.user, req.query.recordId)),
  );
}
