import * as client from 'openid-client';
import { openSecret } from '../../crypto/secrets.js';
import { egressFetch, type EgressLog } from '../../egress/fetch.js';
import { clientSecretContext, type SsoSettings } from './settings.js';
import type { ExternalIdentity } from './users.js';

/** What the OpenID calls need besides the tenant's settings. */
export interface OidcEnv {
  /** Opens the stored client secret (crypto/secrets.ts). */
  secretKey: Buffer;
  /** The tenant's `allow_private_egress`: whether the provider may live on a private or loopback address. */
  allowPrivate: boolean;
  log?: EgressLog;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const CACHE_MS = 10 * 60_000;
const cache = new Map<string, { at: number; config: Promise<client.Configuration> }>();

/**
 * Discovery is cached per tenant configuration. Every call of the client (discovery, JWKS, token, userinfo) goes
 * through egress, so a provider on a private address needs the tenant's permission; plain http is allowed only for
 * an issuer on this machine.
 */
export function oidcConfiguration(s: SsoSettings, env: OidcEnv): Promise<client.Configuration> {
  const key = JSON.stringify([s.tenant_id, s.oidc_issuer, s.oidc_client_id, s.oidc_client_secret, env.allowPrivate]);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.config;
  const issuer = new URL(s.oidc_issuer!);
  const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
  const secret = s.oidc_client_secret
    ? openSecret(s.oidc_client_secret, env.secretKey, clientSecretContext(s.tenant_id))
    : undefined;
  const viaEgress: client.CustomFetch = (url, options) =>
    egressFetch(url, options as RequestInit, { allowPrivate: env.allowPrivate, log: env.log });
  const config = client.discovery(
    issuer,
    s.oidc_client_id!,
    secret,
    secret ? client.ClientSecretPost(secret) : client.None(),
    { execute: insecure ? [client.allowInsecureRequests] : [], timeout: 10, [client.customFetch]: viaEgress },
  );
  config.catch(() => cache.delete(key));
  if (cache.size > 1000) cache.clear();
  cache.set(key, { at: Date.now(), config });
  return config;
}

export interface OidcStart {
  url: string;
  state: string;
  nonce: string;
  verifier: string;
}

/** Authorization code with PKCE (S256), a fresh state and nonce per sign-in. */
export async function oidcStart(s: SsoSettings, env: OidcEnv, redirectUri: string): Promise<OidcStart> {
  const config = await oidcConfiguration(s, env);
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, state, nonce, verifier };
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/**
 * Exchanges the code (checking state, PKCE and the id_token's signature, issuer, audience, expiry and nonce) and
 * returns who signed in. Claims missing from the id_token are read from the userinfo endpoint.
 */
export async function oidcFinish(
  s: SsoSettings,
  env: OidcEnv,
  redirectUri: string,
  query: URLSearchParams,
  expected: { state: string; nonce: string; verifier: string },
): Promise<ExternalIdentity> {
  const config = await oidcConfiguration(s, env);
  const current = new URL(redirectUri);
  for (const [k, v] of query) current.searchParams.set(k, v);
  const tokens = await client.authorizationCodeGrant(config, current, {
    pkceCodeVerifier: expected.verifier,
    expectedState: expected.state,
    expectedNonce: expected.nonce,
    idTokenExpected: true,
  });
  let claims: Record<string, unknown> = { ...tokens.claims() };
  if ((!claims.email || !claims.preferred_username) && config.serverMetadata().userinfo_endpoint) {
    const info = await client.fetchUserInfo(config, tokens.access_token, String(claims.sub));
    claims = { ...info, ...claims };
  }
  // An e-mail the provider says is unverified is not used to find an existing account.
  const email = claims.email_verified === false ? undefined : str(claims.email);
  return {
    provider: 'oidc',
    subject: `${s.oidc_issuer}|${String(claims.sub)}`,
    email,
    username: str(claims.preferred_username) ?? str(claims.upn),
    fullname: str(claims.name),
  };
}
