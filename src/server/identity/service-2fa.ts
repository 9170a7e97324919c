import QRCode from 'qrcode';
import { badRequest, unauthorized } from '../http/errors.js';
import type { Tenant } from '../tenancy/resolve.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import {
  MACHINE_TTL_MS,
  consumeChallenge,
  countFailure,
  createChallenge,
  findChallenge,
} from './challenges.js';
import type { AccessClaims } from './keys.js';
import { claimTotpStep, enableTotp, setTotpSecret, userById } from './queries.js';
import type { SharedKey, SignInData } from './schemas.js';
import { sessionAfterFactors } from './service-sign-in.js';
import { sessionAlive } from './service-session.js';
import type { Issuer } from './sessions.js';
import { generateSecret, matchStep, otpauthUri } from './totp.js';

export const WRONG_CODE = 'The code is not valid. Please try again.';
export const CHALLENGE_ENDED = 'Too many wrong codes. Please sign in again.';
export const SIGN_IN_EXPIRED = 'Your sign-in has expired. Please sign in again.';

type Challenge = NonNullable<Awaited<ReturnType<typeof findChallenge>>>;

/** Who uses the authenticator pages: a sign-in waiting for its second factor, or a signed-in user. */
export interface Actor {
  userId: string;
  /** The pending second-factor challenge, when the actor came from the sign-in page. */
  challenge?: Challenge;
}

/**
 * A code step's outcome. A refusal may end the pending challenge (too many wrong codes), after which the browser's
 * marker is useless and is cleared.
 */
export type CodeOutcome =
  | { ok: true; message: string; data?: SignInData; machineSecret?: string }
  | { ok: false; status: 400 | 401; message: string; endChallenge: boolean };

/** Applies a code: single use per time step (a conditional update, so two racing requests cannot both pass). */
async function useCode(tdb: TenantDb, userId: string, secret: string, code: string): Promise<boolean> {
  const step = matchStep(secret, code);
  return step !== null && (await claimTotpStep(tdb, userId, step));
}

/** The actor behind a pending MFA marker, or behind a live, unscoped access token of this tenant. */
export async function actorOf(
  tdb: TenantDb,
  input: { mfaSecret?: string; claims: AccessClaims | null },
): Promise<Actor> {
  const challenge = await findChallenge(tdb, input.mfaSecret, 'mfa');
  if (challenge) return { userId: challenge.user_id, challenge };
  const c = input.claims;
  if (c && c.tid === tdb.tenantId && !c.scope && (await sessionAlive(tdb, c))) return { userId: c.sub };
  throw unauthorized(SIGN_IN_EXPIRED);
}

/** loginWith2Fa: the code of the user behind the marker ends the challenge with a session. */
export async function signInWithCode(
  tdb: TenantDb,
  issuer: Issuer,
  tenant: Tenant,
  input: { mfaSecret?: string; code: string; rememberMachine: boolean },
): Promise<CodeOutcome> {
  const challenge = await findChallenge(tdb, input.mfaSecret, 'mfa');
  if (!challenge) return { ok: false, status: 401, message: SIGN_IN_EXPIRED, endChallenge: false };
  const user = await userById(tdb, challenge.user_id);
  if (!user || user.status !== 'active') return { ok: false, status: 401, message: SIGN_IN_EXPIRED, endChallenge: true };
  if (!user.totp_enabled || !user.totp_secret || !(await useCode(tdb, user.id, user.totp_secret, input.code))) {
    const ended = await countFailure(tdb, challenge.id, challenge.failures);
    return { ok: false, status: 401, message: ended ? CHALLENGE_ENDED : WRONG_CODE, endChallenge: ended };
  }
  if (!(await consumeChallenge(tdb, challenge.id)))
    return { ok: false, status: 401, message: CHALLENGE_ENDED, endChallenge: false };
  const machineSecret = input.rememberMachine
    ? await createChallenge(tdb, user.id, 'machine', MACHINE_TTL_MS)
    : undefined;
  return { ok: true, message: '', data: await sessionAfterFactors(tdb, issuer, tenant, user), machineSecret };
}

/** The authenticator set-up page: a secret kept for the user until the app is set up, its URI and QR code. */
export async function sharedKeyFor(tdb: TenantDb, tenant: Tenant, actor: Actor): Promise<SharedKey> {
  const user = await userById(tdb, actor.userId);
  if (!user) throw unauthorized(SIGN_IN_EXPIRED);
  if (user.totp_enabled) throw badRequest('The authenticator app is already set up.');
  const secret = user.totp_secret ?? generateSecret();
  if (!user.totp_secret) await setTotpSecret(tdb, user.id, secret);
  const authenticatorUri = otpauthUri(secret, user.username, tenant.name);
  const qrCodeDataUrl = await QRCode.toDataURL(authenticatorUri, { margin: 1, width: 220 });
  return { sharedKey: secret.match(/.{1,4}/g)!.join(' '), authenticatorUri, qrCodeDataUrl };
}

/**
 * Turns the authenticator on once a code from it works. From the sign-in (a pending challenge) this also ends the
 * challenge with a session, as a second factor would.
 */
export async function enableAuthenticator(
  tdb: TenantDb,
  issuer: Issuer,
  tenant: Tenant,
  actor: Actor,
  code: string,
): Promise<CodeOutcome> {
  const user = await userById(tdb, actor.userId);
  if (!user) throw unauthorized(SIGN_IN_EXPIRED);
  if (!user.totp_secret) throw badRequest('Open the set-up page again to get a new key.');
  if (!(await useCode(tdb, user.id, user.totp_secret, code))) {
    const { challenge } = actor;
    if (challenge && (await countFailure(tdb, challenge.id, challenge.failures)))
      return { ok: false, status: 401, message: CHALLENGE_ENDED, endChallenge: true };
    return { ok: false, status: 400, message: WRONG_CODE, endChallenge: false };
  }
  await enableTotp(tdb, user.id);
  const done = 'The authenticator app is set up.';
  if (!actor.challenge) return { ok: true, message: done };
  await consumeChallenge(tdb, actor.challenge.id);
  const fresh = (await userById(tdb, user.id))!;
  return { ok: true, message: done, data: await sessionAfterFactors(tdb, issuer, tenant, fresh) };
}
