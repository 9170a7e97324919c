import type { AppContext } from '../../context.js';
import { rolesOf } from '../../access/index.js';
import { secretKey } from '../../crypto/secrets.js';
import { ok, type ApiApp } from '../../http/api.js';
import { NoBody } from '../../../../schemas/api/common.js';
import { MACHINE_COOKIE, cookie, setMfaCookie } from '../cookies.js';
import { ErrorAnswer, SignInAnswer } from '../schemas.js';
import { issuerOf } from '../sessions.js';
import { TICKET_COOKIE, TICKET_PATH } from './routes-browser.js';
import { SsoOptionsAnswer, SsoSettingsAnswer, SsoSettingsInput } from './schemas.js';
import { completeSso, ssoOptions } from './service.js';
import { loadSettings, saveSettings, settingsView } from './settings.js';

const tags = ['identity'];

/** The SSO API: the login page's buttons, the administrators' settings, and the ticket trade after a sign-in. */
export function ssoRoutes(app: ApiApp, ctx: AppContext) {
  const base = '/api/identity/sso';
  const admins = { roles: rolesOf('admins') };

  app.get(
    `${base}/options`,
    {
      config: { public: true },
      schema: { tags, summary: 'Which SSO buttons to show', response: { 200: SsoOptionsAnswer } },
    },
    async (req) => ok(await ssoOptions(req.tdb)),
  );

  app.get(`${base}/settings`, { config: admins, schema: { tags, response: { 200: SsoSettingsAnswer } } }, async (req) =>
    ok(settingsView(await loadSettings(req.tdb))),
  );

  app.post(
    `${base}/settings`,
    { config: admins, schema: { tags, body: SsoSettingsInput, response: { 200: SsoSettingsAnswer } } },
    async (req) =>
      ok(settingsView(await saveSettings(req.tdb, req.body, secretKey(ctx.config))), 'Single sign-on settings saved'),
  );

  // The /authentication/sso page trades the ticket cookie for what a correct password gives.
  app.post(
    `${base}/complete`,
    { config: { public: true }, schema: { tags, body: NoBody, response: { 200: SignInAnswer, 401: ErrorAnswer } } },
    async (req, reply) => {
      const ticket = cookie(req, TICKET_COOKIE);
      reply.clearCookie(TICKET_COOKIE, { path: TICKET_PATH });
      const step = await completeSso(req.tdb, issuerOf(ctx), req.tenant, {
        ticket,
        machineSecret: cookie(req, MACHINE_COOKIE),
      });
      if (step.mfaSecret) setMfaCookie(reply, step.mfaSecret);
      return ok(step.data);
    },
  );
}
