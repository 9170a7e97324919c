import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { badRequest, unauthorized } from '../http/errors.js';
import { sha256 } from './keys.js';
import { bearerToken } from './guard.js';
import { familyLive, revokeFamily, rotateSession } from './sessions.js';
import { MACHINE_COOKIE, cookie, findChallenge } from './challenges.js';
import { userInfo } from './user-info.js';

export const REFRESH_FAILED = 'Failed to refresh access token';

/** Session upkeep: who am I, refresh with rotation, logout, token validation. */
export async function sessionRoutes(app: FastifyInstance, ctx: AppContext) {
  const base = '/api/identity/Authentication';

  app.get(`${base}/isAuthenticated`, { schema: { tags: ['identity'] } }, async (req) => {
    const user = await req.tdb.selectFrom('users').selectAll().where('id', '=', req.user.id).executeTakeFirst();
    if (!user || user.status !== 'active' || !(await familyLive(req.tdb, req.user.sessionId)))
      throw unauthorized('Your session has ended. Please sign in again.');
    const token = bearerToken(req)!;
    const info = userInfo(user, req.tenant.date_format);
    const remembered = !!(await findChallenge(req.tdb, cookie(req, MACHINE_COOKIE), 'machine'));
    const flags = {
      isSysAdmin: info.isSysAdmin,
      isAdministrator: info.isAdministrator,
      isFullUser: info.isFullUser,
      isConsultant: info.isConsultant,
    };
    return {
      success: true,
      message: '',
      data: {
        token,
        accessToken: token,
        uid: user.id,
        username: user.username,
        email: user.email,
        fullname: user.fullname,
        ...flags,
        config: {
          // The menu of the signed-in shell; filled by the navigation feature.
          appMenu: [],
          ...flags,
          isMachineRemembered: remembered,
          is2faEnabled: !!user.totp_enabled,
          accessToken: token,
          userInfo: info,
        },
      },
    };
  });

  app.post(`${base}/refreshToken`, { config: { public: true }, schema: { tags: ['identity'] } }, async (req, reply) => {
    const jwt = (req.body as { jwt?: unknown } | undefined)?.jwt;
    if (typeof jwt !== 'string' || !jwt) throw badRequest('The refresh token is required.');
    const r = await rotateSession(req.tdb, ctx.keys, jwt);
    if (!r.ok) return reply.status(401).send({ success: false, message: REFRESH_FAILED });
    return {
      success: true,
      message: '',
      data: { jwt: r.tokens.token, refreshToken: r.tokens.refreshToken, expiresAt: r.tokens.expiresAt },
    };
  });

  app.post(`${base}/logout`, { config: { public: true }, schema: { tags: ['identity'] } }, async (req) => {
    const refresh = (req.body as { jwt?: unknown } | undefined)?.jwt;
    if (typeof refresh === 'string' && refresh) {
      const row = await req.tdb
        .selectFrom('refresh_tokens')
        .select('family_id')
        .where('token_hash', '=', sha256(refresh))
        .executeTakeFirst();
      if (row) await revokeFamily(req.tdb, row.family_id);
    }
    const token = bearerToken(req);
    const claims = token ? await ctx.keys.verify(token) : null;
    if (claims && claims.tid === req.tenant.id) await revokeFamily(req.tdb, claims.sid);
    return { success: true, message: 'Signed out' };
  });

  app.post(`${base}/tokenValidation`, { config: { public: true }, schema: { tags: ['identity'] } }, async (req) => {
    const token = bearerToken(req) ?? (req.body as { token?: string } | undefined)?.token;
    const claims = token ? await ctx.keys.verify(token) : null;
    const valid = !!claims && claims.tid === req.tenant.id && (await familyLive(req.tdb, claims.sid));
    return {
      success: true,
      message: '',
      data: { valid, expiresAt: valid ? new Date(claims!.exp * 1000).toISOString() : null },
    };
  });

  app.get(`${base}/getInfo2fa`, { schema: { tags: ['identity'] } }, async (req) => {
    const user = await req.tdb
      .selectFrom('users')
      .select(['totp_enabled', 'totp_secret'])
      .where('id', '=', req.user.id)
      .executeTakeFirstOrThrow();
    const remembered = !!(await findChallenge(req.tdb, cookie(req, MACHINE_COOKIE), 'machine'));
    return {
      success: true,
      message: '',
      data: {
        twoFactorEnabled: !!user.totp_enabled,
        isMachineRemembered: remembered,
        hasAuthenticator: !!user.totp_enabled,
      },
    };
  });
}
