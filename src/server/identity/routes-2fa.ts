import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { ok, type ApiApp } from '../http/api.js';
import { MFA_COOKIE, clearMfaCookie, cookie, setMachineCookie } from './cookies.js';
import { bearerToken } from './guard.js';
import { CodeBody, EnabledAnswer, ErrorAnswer, SharedKeyAnswer, SignInAnswer, TwoFactorBody } from './schemas.js';
import { actorOf, enableAuthenticator, sharedKeyFor, signInWithCode } from './service-2fa.js';
import { issuerOf } from './sessions.js';
import { NoBody, Ok } from '../../../schemas/api/common.js';

const tags = ['identity'];

/** The second factor: the code after a password, and setting up the authenticator app. */
export function twoFactorRoutes(app: ApiApp, ctx: AppContext) {
  const manage = '/api/identity/manageauthenticator';
  const issuer = issuerOf(ctx);
  // The set-up pages serve a sign-in waiting for its second factor (marker cookie) or a signed-in user (token).
  const actor = async (req: FastifyRequest) => {
    const token = bearerToken(req);
    return actorOf(req.tdb, {
      mfaSecret: cookie(req, MFA_COOKIE),
      claims: token ? await ctx.keys.verify(token) : null,
    });
  };

  app.post(
    '/api/identity/Authentication/loginWith2Fa',
    {
      config: { public: true },
      schema: { tags, body: TwoFactorBody, response: { 200: SignInAnswer, 400: ErrorAnswer, 401: ErrorAnswer } },
    },
    async (req, reply) => {
      const r = await signInWithCode(req.tdb, issuer, req.tenant, {
        mfaSecret: cookie(req, MFA_COOKIE),
        code: (req.body.twoFactorCode ?? '').trim(),
        rememberMachine: req.body.rememberMachine === true,
      });
      if (!r.ok) {
        if (r.endChallenge) clearMfaCookie(reply);
        return reply.status(r.status).send({ success: false, message: r.message });
      }
      clearMfaCookie(reply);
      if (r.machineSecret) setMachineCookie(reply, r.machineSecret);
      return ok(r.data!, r.message);
    },
  );

  // Leaving the second-factor pages: the marker goes (spec section 9: it is cleared on every other page).
  app.post(
    '/api/identity/Authentication/clearMfaMarker',
    { config: { public: true }, schema: { tags, body: NoBody, response: { 200: Ok } } },
    async (_req, reply) => {
      clearMfaCookie(reply);
      return { success: true as const, message: '' };
    },
  );

  app.get(
    `${manage}/sharedKeyQRCodeUri`,
    { config: { public: true }, schema: { tags, response: { 200: SharedKeyAnswer, 401: ErrorAnswer } } },
    async (req) => ok(await sharedKeyFor(req.tdb, req.tenant, await actor(req))),
  );

  app.post(
    `${manage}/enableAuthenticator`,
    {
      config: { public: true },
      schema: { tags, body: CodeBody, response: { 200: EnabledAnswer, 400: ErrorAnswer, 401: ErrorAnswer } },
    },
    async (req, reply) => {
      const code = (req.body.code ?? '').trim();
      const r = await enableAuthenticator(req.tdb, issuer, req.tenant, await actor(req), code);
      if (!r.ok) {
        if (r.endChallenge) clearMfaCookie(reply);
        return reply.status(r.status).send({ success: false, message: r.message });
      }
      if (r.data) clearMfaCookie(reply);
      return { success: true as const, message: r.message, ...(r.data ? { data: r.data } : {}) };
    },
  );
}
