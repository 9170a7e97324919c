import { audit } from '../../audit/trail.js';
import { unauthorized } from '../../http/errors.js';
import type { Tenant } from '../../tenancy/resolve.js';
import type { TenantDb } from '../../tenancy/tenant-db.js';
import { consumeChallenge, createChallenge, findChallenge } from '../challenges.js';
import { userById } from '../queries.js';
import { afterPassword, type SignInStep } from '../service-sign-in.js';
import type { Issuer } from '../sessions.js';
import { checkReturnUrl, consumeFlow, startFlow, sweepFlows } from './flows.js';
import { oidcFinish, oidcStart, type OidcEnv } from './oidc.js';
import { finishSaml, startSaml } from './saml.js';
import type { SsoOptions } from './schemas.js';
import { loadSettings, oidcReady, samlReady } from './settings.js';
import { resolveUser, type ExternalIdentity } from './users.js';

export const TICKET_TTL_MS = 2 * 60_000;
export const SSO_INCOMPLETE = 'Single sign-on did not complete. Please try again.';

/** Why a sign-in at the identity provider ended on the SSO page instead of a session (its `?error=`). */
export type SsoError = 'failed' | 'not-allowed' | 'not-configured' | 'cancelled';
/** An SSO step's outcome; a failure may carry what went wrong, for the log only. */
export type SsoOutcome<T> = { ok: true; value: T } | { ok: false; error: SsoError; cause?: unknown };

/** Someone the identity provider vouched for, and where they go after the SSO page. */
export interface Vouched {
  /** One-time secret for the ticket cookie that /api/identity/sso/complete trades for a session. */
  ticket: string;
  returnUrl: string;
}

const failed = (cause?: unknown) => ({ ok: false, error: 'failed', cause }) as const;

export async function ssoOptions(tdb: TenantDb): Promise<SsoOptions> {
  const s = await loadSettings(tdb);
  return { oidc: oidcReady(s), saml: samlReady(s) };
}

type Protocol = 'oidc' | 'saml';

/** Links or provisions who signed in at the identity provider and issues the browser's one-time ticket. */
async function vouch(
  tdb: TenantDb,
  protocol: Protocol,
  who: ExternalIdentity,
  returnUrl: unknown,
): Promise<SsoOutcome<Vouched>> {
  const settings = await loadSettings(tdb);
  const r = await resolveUser(tdb, who, settings?.provisioning ?? 'link');
  const label = who.email ?? who.subject;
  if (!r.ok) return failedSignIn(tdb, protocol, { ok: false, error: 'not-allowed' }, label);
  await audit(tdb, {
    action: 'signin.sso',
    actorId: r.user.id,
    actorName: r.user.fullname,
    targetType: 'user',
    targetId: r.user.id,
    targetLabel: r.user.username,
    details: { protocol },
  });
  const ticket = await createChallenge(tdb, r.user.id, 'sso', TICKET_TTL_MS);
  return { ok: true, value: { ticket, returnUrl: checkReturnUrl(returnUrl) ?? '/' } };
}

/** A callback that did not vouch for anyone is written to the trail (why, never the provider's raw answer). */
async function failedSignIn<T>(
  tdb: TenantDb,
  protocol: Protocol,
  r: SsoOutcome<T>,
  who?: string,
): Promise<SsoOutcome<T>> {
  if (!r.ok)
    await audit(tdb, {
      action: 'signin.sso.failed',
      actorId: null,
      actorName: who ?? null,
      targetType: 'user',
      targetLabel: who ?? null,
      details: { protocol, error: r.error },
    });
  return r;
}

/** OpenID: the provider's authorization address, with state, nonce and PKCE verifier stored for the callback. */
export async function beginOidc(
  tdb: TenantDb,
  env: OidcEnv,
  input: { redirectUri: (configured: string | null) => string; returnUrl: string },
): Promise<SsoOutcome<{ url: string; state: string }>> {
  const settings = await loadSettings(tdb);
  if (!oidcReady(settings)) return { ok: false, error: 'not-configured' };
  if (Math.random() < 0.02) await sweepFlows(tdb);
  try {
    const start = await oidcStart(settings, env, input.redirectUri(settings.oidc_redirect_uri));
    await startFlow(tdb, 'oidc', start.state, {
      nonce: start.nonce,
      verifier: start.verifier,
      returnUrl: input.returnUrl,
    });
    return { ok: true, value: { url: start.url, state: start.state } };
  } catch (err) {
    return failed(err);
  }
}

/**
 * OpenID callback: the state must be one this tenant started and the one bound to this browser (`boundState`, its
 * cookie); each works once. Then the code is exchanged and checked.
 */
export async function finishOidc(
  tdb: TenantDb,
  env: OidcEnv,
  input: { redirectUri: (configured: string | null) => string; query: Record<string, string>; boundState?: string },
): Promise<SsoOutcome<Vouched>> {
  const query = new URLSearchParams(input.query);
  const state = query.get('state') ?? '';
  const flow = state && input.boundState === state ? await consumeFlow(tdb, 'oidc', state) : undefined;
  const settings = await loadSettings(tdb);
  if (!flow || !oidcReady(settings)) return failedSignIn(tdb, 'oidc', failed());
  const error = query.get('error');
  if (error) return failedSignIn(tdb, 'oidc', { ok: false, error: error === 'access_denied' ? 'cancelled' : 'failed' });
  try {
    const who = await oidcFinish(settings, env, input.redirectUri(settings.oidc_redirect_uri), query, {
      state,
      nonce: String(flow.nonce),
      verifier: String(flow.verifier),
    });
    return await vouch(tdb, 'oidc', who, flow.returnUrl);
  } catch (err) {
    return failedSignIn(tdb, 'oidc', failed(err));
  }
}

/** SAML: the identity provider's address carrying a request whose id this tenant remembers. */
export async function beginSaml(
  tdb: TenantDb,
  input: { acsUrl: string; returnUrl: string },
): Promise<SsoOutcome<string>> {
  const settings = await loadSettings(tdb);
  if (!samlReady(settings)) return { ok: false, error: 'not-configured' };
  try {
    return { ok: true, value: await startSaml(settings, tdb, input.acsUrl, input.returnUrl) };
  } catch (err) {
    return failed(err);
  }
}

/** SAML assertion consumer: a signed response to a request of this tenant, used once. */
export async function finishSamlPost(
  tdb: TenantDb,
  input: { acsUrl: string; samlResponse?: string },
): Promise<SsoOutcome<Vouched>> {
  const settings = await loadSettings(tdb);
  if (!samlReady(settings)) return failedSignIn(tdb, 'saml', { ok: false, error: 'not-configured' });
  if (!input.samlResponse) return failedSignIn(tdb, 'saml', failed());
  try {
    const { who, returnUrl } = await finishSaml(settings, tdb, input.acsUrl, { SAMLResponse: input.samlResponse });
    return await vouch(tdb, 'saml', who, returnUrl);
  } catch (err) {
    return failedSignIn(tdb, 'saml', failed(err));
  }
}

/**
 * Trades the ticket for what a correct password gives: a second-factor challenge when the user or tenant requires
 * one, else a session. The identity provider stands in for the password; a local second factor still applies.
 */
export async function completeSso(
  tdb: TenantDb,
  issuer: Issuer,
  tenant: Tenant,
  input: { ticket?: string; machineSecret?: string },
): Promise<SignInStep> {
  const challenge = await findChallenge(tdb, input.ticket, 'sso');
  if (!challenge || !(await consumeChallenge(tdb, challenge.id))) throw unauthorized(SSO_INCOMPLETE);
  const user = await userById(tdb, challenge.user_id);
  if (!user || user.status !== 'active') throw unauthorized(SSO_INCOMPLETE);
  return afterPassword(tdb, issuer, tenant, user, { via: 'sso', machineSecret: input.machineSecret });
}
