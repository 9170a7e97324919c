import type { AppContext } from '../context.js';
import { ok, type ApiApp } from '../http/api.js';
import { Ok } from '../../../schemas/api/common.js';
import { MACHINE_COOKIE, cookie } from './cookies.js';
import { bearerToken } from './guard.js';
import {
  ErrorAnswer,
  LogoutBody,
  MeAnswer,
  RefreshBody,
  RefreshedAnswer,
  TokenValidationBody,
  TokenValidityAnswer,
  TwoFactorInfoAnswer,
} from './schemas.js';
import { logout, refresh, tokenValidity, twoFactorInfo, whoAmI } from './service-session.js';
import { issuerOf } from './sessions.js';

const tags = ['identity'];

/** Session upkeep: who am I, refresh with rotation, logout, token validation, second-factor state. */
export function sessionRoutes(app: ApiApp, ctx: AppContext) {
  const base = '/api/identity/Authentication';
  const issuer = issuerOf(ctx);

  app.get(`${base}/isAuthenticated`, { schema: { tags, response: { 200: MeAnswer, 401: ErrorAnswer } } }, async (req) =>
    ok(
      await whoAmI(req.tdb, req.tenant, req.user, {
        token: bearerToken(req)!,
        machineSecret: cookie(req, MACHINE_COOKIE),
      }),
    ),
  );

  app.post(
    `${base}/refreshToken`,
    {
      config: { public: true },
      schema: { tags, body: RefreshBody, response: { 200: RefreshedAnswer, 401: ErrorAnswer } },
    },
    async (req) => ok(await refresh(req.tdb, issuer, req.body.jwt)),
  );

  app.post(
    `${base}/logout`,
    { config: { public: true }, schema: { tags, body: LogoutBody, response: { 200: Ok } } },
    async (req) => {
      const token = bearerToken(req);
      await logout(req.tdb, { refreshToken: req.body.jwt, claims: token ? await ctx.keys.verify(token) : null });
      return { success: true as const, message: 'Signed out' };
    },
  );

  app.post(
    `${base}/tokenValidation`,
    { config: { public: true }, schema: { tags, body: TokenValidationBody, response: { 200: TokenValidityAnswer } } },
    async (req) => ok(await tokenValidity(req.tdb, ctx.keys, bearerToken(req) ?? req.body.token)),
  );

  app.get(`${base}/getInfo2fa`, { schema: { tags, response: { 200: TwoFactorInfoAnswer } } }, async (req) =>
    ok(await twoFactorInfo(req.tdb, req.user, cookie(req, MACHINE_COOKIE))),
  );
}
