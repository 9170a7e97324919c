import type { FastifyInstance, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { AppContext } from '../context.js';
import { badRequest, unauthorized } from '../http/errors.js';
import { bearerToken } from './guard.js';
import { generateSecret, matchStep, otpauthUri } from './totp.js';
import { startSession } from './sessions.js';
import { passwordExpired, tenantPolicy } from './policy.js';
import { signedIn } from './routes-auth.js';
import {
  MACHINE_TTL_MS,
  MFA_COOKIE,
  clearMfaCookie,
  consumeChallenge,
  cookie,
  countFailure,
  createChallenge,
  findChallenge,
  setMachineCookie,
} from './challenges.js';

const WRONG_CODE = 'The code is not valid. Please try again.';
const CHALLENGE_ENDED = 'Too many wrong codes. Please sign in again.';

/** The user behind a pending MFA marker, or behind a bearer token when a signed-in user sets up the app. */
async function actor(req: FastifyRequest, ctx: AppContext) {
  const challenge = await findChallenge(req.tdb, cookie(req, MFA_COOKIE), 'mfa');
  if (challenge) return { userId: challenge.user_id, challenge };
  const token = bearerToken(req);
  const claims = token ? await ctx.keys.verify(token) : null;
  if (claims && claims.tid === req.tenant.id && !claims.scope) return { userId: claims.sub, challenge: undefined };
  throw unauthorized('Your sign-in has expired. Please sign in again.');
}

/** Applies a code: single use per time step (a conditional update, so two racing requests cannot both pass). */
async function useCode(req: FastifyRequest, userId: string, secret: string, code: string): Promise<boolean> {
  const step = matchStep(secret, code);
  if (step === null) return false;
  const r = await req.tdb
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function twoFactorRoutes(app: FastifyInstance, ctx: AppContext) {
  const manage = '/api/identity/manageauthenticator';

  app.post(
    '/api/identity/Authentication/loginWith2Fa',
    { config: { public: true }, schema: { tags: ['identity'] } },
    async (req, reply) => {
      const body = (req.body ?? {}) as { twoFactorCode?: unknown; rememberMachine?: unknown };
      const code = String(body.twoFactorCode ?? '').trim();
      const challenge = await findChallenge(req.tdb, cookie(req, MFA_COOKIE), 'mfa');
      if (!challenge)
        return reply.status(401).send({ success: false, message: 'Your sign-in has expired. Please sign in again.' });
      const user = await req.tdb
        .selectFrom('users')
        .selectAll()
        .where('id', '=', challenge.user_id)
        .executeTakeFirstOrThrow();
      if (!user.totp_enabled || !user.totp_secret || !(await useCode(req, user.id, user.totp_secret, code))) {
        const ended = await countFailure(req.tdb, challenge.id, challenge.failures);
        if (ended) clearMfaCookie(reply);
        return reply.status(401).send({ success: false, message: ended ? CHALLENGE_ENDED : WRONG_CODE });
      }
      if (!(await consumeChallenge(req.tdb, challenge.id)))
        return reply.status(401).send({ success: false, message: CHALLENGE_ENDED });
      clearMfaCookie(reply);
      if (body.rememberMachine === true)
        setMachineCookie(reply, await createChallenge(req.tdb, user.id, 'machine', MACHINE_TTL_MS));
      const policy = tenantPolicy(req.tenant);
      // A user without a local password (provisioned by SSO) has nothing to expire.
      const expired = !!user.password_hash && passwordExpired(policy, user.password_changed_on);
      const tokens = await startSession(req.tdb, ctx.keys, user, expired ? 'password-change' : undefined);
      return { success: true, message: '', data: signedIn(user, tokens, { expired, on: policy.enablePasswordExpiry }) };
    },
  );

  app.get(`${manage}/sharedKeyQRCodeUri`, { config: { public: true }, schema: { tags: ['identity'] } }, async (req) => {
    const { userId } = await actor(req, ctx);
    const user = await req.tdb.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    if (user.totp_enabled) throw badRequest('The authenticator app is already set up.');
    const secret = user.totp_secret ?? generateSecret();
    if (!user.totp_secret)
      await req.tdb.updateTable('users').set({ totp_secret: secret }).where('id', '=', userId).execute();
    const authenticatorUri = otpauthUri(secret, user.username, req.tenant.name);
    const qrCodeDataUrl = await QRCode.toDataURL(authenticatorUri, { margin: 1, width: 220 });
    return {
      success: true,
      message: '',
      data: { sharedKey: secret.match(/.{1,4}/g)!.join(' '), authenticatorUri, qrCodeDataUrl },
    };
  });

  app.post(
    `${manage}/enableAuthenticator`,
    { config: { public: true }, schema: { tags: ['identity'] } },
    async (req, reply) => {
      const { userId, challenge } = await actor(req, ctx);
      const code = String((req.body as { code?: unknown } | undefined)?.code ?? '').trim();
      const user = await req.tdb.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
      if (!user.totp_secret) throw badRequest('Open the set-up page again to get a new key.');
      if (!(await useCode(req, userId, user.totp_secret, code))) {
        if (challenge && (await countFailure(req.tdb, challenge.id, challenge.failures))) {
          clearMfaCookie(reply);
          return reply.status(401).send({ success: false, message: CHALLENGE_ENDED });
        }
        return reply.status(400).send({ success: false, message: WRONG_CODE });
      }
      await req.tdb.updateTable('users').set({ totp_enabled: 1 }).where('id', '=', userId).execute();
      if (!challenge) return { success: true, message: 'The authenticator app is set up.' };
      await consumeChallenge(req.tdb, challenge.id);
      clearMfaCookie(reply);
      const fresh = await req.tdb.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
      const policy = tenantPolicy(req.tenant);
      const expired = passwordExpired(policy, fresh.password_changed_on);
      const tokens = await startSession(req.tdb, ctx.keys, fresh, expired ? 'password-change' : undefined);
      return {
        success: true,
        message: 'The authenticator app is set up.',
        data: signedIn(fresh, tokens, { expired, on: policy.enablePasswordExpiry }),
      };
    },
  );
}
