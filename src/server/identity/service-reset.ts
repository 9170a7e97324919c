import { badRequest } from '../http/errors.js';
import { enqueue } from '../outbox/outbox.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { consumeChallenge, createChallenge, findChallenge } from './challenges.js';
import { hashPassword } from './passwords.js';
import { passwordProblem } from './policy.js';
import { setPasswordHash, userByUsername } from './queries.js';
import type { ResetBody } from './schemas.js';
import { revokeUserSessions } from './sessions.js';

const RESET_TTL_MS = 30 * 60_000;
export const RESET_SENT = 'If the account exists, a reset link has been sent to its e-mail address.';
export const RESET_DONE = 'Your password has been changed. You can sign in now.';
export const LINK_INVALID = 'This reset link is not valid any more. Please ask for a new one.';

/**
 * Forgot password: a one-time link, valid 30 minutes, mailed through the outbox. The caller answers the same
 * whether or not the user exists. `siteOrigin` is where the reset page lives (PUBLIC_URL or the request's host).
 */
export async function requestReset(tdb: TenantDb, input: { username?: string; siteOrigin: string }): Promise<void> {
  const username = (input.username ?? '').trim();
  if (!username) throw badRequest('Username is required');
  if (username.length < 3) throw badRequest('Minimum 3 characters');
  if (username.length > 50) throw badRequest('Maximum 50 characters');
  const user = await userByUsername(tdb, username);
  if (!user || user.status !== 'active' || !user.email) return;
  await tdb.transaction(async (tx) => {
    const token = await createChallenge(tx, user.id, 'reset', RESET_TTL_MS);
    const link = `${input.siteOrigin}/reset-password?token=${encodeURIComponent(token)}`;
    await enqueue(
      tx,
      'mail',
      {
        to: user.email,
        subject: 'Reset your password',
        text: `Hello ${user.fullname},\n\nUse this link within 30 minutes to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this mail.`,
      },
      `reset:${token.slice(0, 16)}`,
    );
  });
}

/** Sets the new password once per link (also an invitation's link); every session of the user ends. */
export async function resetPassword(tdb: TenantDb, input: ResetBody): Promise<void> {
  const problem = passwordProblem(input.password);
  if (problem) throw badRequest(problem);
  const challenge = await findChallenge(tdb, input.token, 'reset');
  if (!challenge) throw badRequest(LINK_INVALID);
  const hash = await hashPassword(input.password!);
  await tdb.transaction(async (tx) => {
    if (!(await consumeChallenge(tx, challenge.id))) throw badRequest(LINK_INVALID);
    await setPasswordHash(tx, challenge.user_id, hash);
    await revokeUserSessions(tx, challenge.user_id);
  });
}
