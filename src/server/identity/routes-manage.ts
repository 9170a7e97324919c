import { rolesOf } from '../access/index.js';
import type { AppContext } from '../context.js';
import { ok, type ApiApp } from '../http/api.js';
import { Ok } from '../../../schemas/api/common.js';
import {
  ChangePasswordBody,
  PasswordChangedAnswer,
  PolicyAnswer,
  PolicyBody,
  SecurityQuestionsAnswer,
  SecurityQuestionsBody,
  TimeZoneAnswer,
  TimeZoneBody,
  UserInfoAnswer,
} from './schemas.js';
import {
  changePassword,
  saveSecurityPolicy,
  saveSecurityQuestions,
  securityPolicy,
  securityQuestions,
  setUserZone,
  userInfoOf,
  userZone,
} from './service-account.js';
import { issuerOf } from './sessions.js';

/** Kept here for the callers that found it here (sys/settings.ts). */
export { effectiveZone } from './service-account.js';

const tags = ['identity'];

/** The signed-in user's own account: info, password, security questions, time zone; the tenant's security policy. */
export function manageRoutes(app: ApiApp, ctx: AppContext) {
  const manage = '/api/identity/manageauthenticator';
  const issuer = issuerOf(ctx);

  app.get(`${manage}/userinfo`, { schema: { tags, response: { 200: UserInfoAnswer } } }, async (req) =>
    ok(await userInfoOf(req.tdb, req.tenant, req.user)),
  );

  // Also reachable with the token limited to the password change that an expired password gets.
  app.post(
    `${manage}/changepassword`,
    {
      config: { scope: 'password-change' },
      schema: { tags, body: ChangePasswordBody, response: { 200: PasswordChangedAnswer } },
    },
    async (req) => ok(await changePassword(req.tdb, issuer, req.user, req.body), 'Your password has been changed.'),
  );

  app.get(`${manage}/policy`, { schema: { tags, response: { 200: PolicyAnswer } } }, async (req) =>
    ok(securityPolicy(req.tenant)),
  );

  app.post(
    `${manage}/policy`,
    { config: { roles: rolesOf('admins') }, schema: { tags, body: PolicyBody, response: { 200: PolicyAnswer } } },
    async (req) => {
      const data = await saveSecurityPolicy(ctx.db.system, req.tenant, req.body);
      ctx.tenants.invalidate(req.tenant.domain);
      return { success: true as const, message: 'The security policy has been saved.', data };
    },
  );

  app.get(
    `${manage}/securityquestions`,
    { schema: { tags, response: { 200: SecurityQuestionsAnswer } } },
    async (req) => ok(await securityQuestions(req.tdb, req.user)),
  );

  app.post(
    `${manage}/securityquestions`,
    { schema: { tags, body: SecurityQuestionsBody, response: { 200: Ok } } },
    async (req) => {
      await saveSecurityQuestions(req.tdb, req.user, req.body);
      return { success: true as const, message: 'Your security questions have been saved.' };
    },
  );

  app.post(
    `${manage}/setusertimezone`,
    { schema: { tags, body: TimeZoneBody, response: { 200: TimeZoneAnswer } } },
    async (req) => ok(await setUserZone(req.tdb, req.user, req.body.timezone), 'Time zone saved.'),
  );

  app.get(`${manage}/timezone`, { schema: { tags, response: { 200: TimeZoneAnswer } } }, async (req) =>
    ok(await userZone(req.tdb, req.tenant, req.user)),
  );
}
