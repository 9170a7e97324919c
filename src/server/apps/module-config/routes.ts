import { ok, type ApiApp } from '../../http/api.js';
import { rolesOf } from '../../access/index.js';
import { badRequest } from '../../http/errors.js';
import { EDITOR as E } from '../paths.js';
import {
  ApplyConfigBody,
  AppliedConfigAnswer,
  EmailTemplatesAnswer,
  ModuleConfigAnswer,
  ModuleQuery,
  OptionalModuleQuery,
  ReassignmentAnswer,
  ReassignmentBody,
  ReassignmentQuery,
  SavedUserConfigAnswer,
  TemplateFieldsAnswer,
  UpdateEmailTemplateBody,
  UserConfigBody,
  UserConfigQuery,
} from './schemas.js';
import {
  applyConfigToAll,
  emailTemplateFields,
  readModuleConfig,
  saveEmailTemplates,
  saveUserConfig,
  setReassignment,
} from './service.js';

const tags = ['apps'];
const designers = { roles: rolesOf('designers') };

/** An app's list settings (per user and for everyone), reassignment switch and e-mail templates. */
export function moduleConfigRoutes(app: ApiApp) {
  app.get(
    `${E}/getmoduleconfig`,
    { schema: { tags, querystring: ModuleQuery, response: { 200: ModuleConfigAnswer } } },
    async (req) => ok(await readModuleConfig(req.tdb, req.user, req.query.moduleId)),
  );

  app.put(
    `${E}/setuserconfig`,
    { schema: { tags, querystring: UserConfigQuery, body: UserConfigBody, response: { 200: SavedUserConfigAnswer } } },
    async (req) =>
      ok(
        await saveUserConfig(req.tdb, req.user, req.query.moduleId, req.query.tabConfig || 'default', req.body),
        'Your list settings have been saved.',
      ),
  );

  app.post(
    `${E}/applyconfigalluser`,
    {
      config: designers,
      schema: { tags, querystring: ModuleQuery, body: ApplyConfigBody, response: { 200: AppliedConfigAnswer } },
    },
    async (req) =>
      ok(
        await applyConfigToAll(req.tdb, req.user, req.query.moduleId, req.body),
        'The list settings now apply to every user.',
      ),
  );

  app.post(
    `${E}/setmodulereassignment`,
    {
      config: designers,
      schema: { tags, querystring: ReassignmentQuery, body: ReassignmentBody, response: { 200: ReassignmentAnswer } },
    },
    async (req) =>
      ok(
        await setReassignment(
          req.tdb,
          req.user,
          req.query.moduleId,
          req.query.isReassignmentDisabled ?? req.body.isReassignmentDisabled,
        ),
        'Saved',
      ),
  );

  app.get(
    `${E}/getEmailTemplateFields`,
    { config: designers, schema: { tags, querystring: ModuleQuery, response: { 200: TemplateFieldsAnswer } } },
    async (req) => ok(await emailTemplateFields(req.tdb, req.query.moduleId)),
  );

  app.post(
    `${E}/updateEmailTemplate`,
    {
      config: designers,
      schema: {
        tags,
        querystring: OptionalModuleQuery,
        body: UpdateEmailTemplateBody,
        response: { 200: EmailTemplatesAnswer },
      },
    },
    async (req) => {
      const moduleId = req.body.moduleId ?? req.query.moduleId;
      if (!moduleId) throw badRequest('moduleId is required.');
      return ok(await saveEmailTemplates(req.tdb, req.user, moduleId, req.body), 'The e-mail template has been saved.');
    },
  );
}
