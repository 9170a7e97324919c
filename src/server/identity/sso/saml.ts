import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import type { TenantDb } from '../../tenancy/tenant-db.js';
import { FLOW_TTL_MS, consumeFlow, firstSighting, peekFlow, startFlow } from './flows.js';
import type { SsoSettings } from './settings.js';
import type { ExternalIdentity } from './users.js';

/**
 * node-saml keeps the ids of the requests it sent in this cache; ours is the tenant's sso_flows table so any node
 * can finish a sign-in another node started. Removal is left to `finishSaml`, which uses the row up atomically.
 */
function requestCache(tdb: TenantDb, returnUrl: string): CacheProvider {
  return {
    async saveAsync(key, value) {
      await startFlow(tdb, 'saml-request', key, { returnUrl, at: value });
      return { value, createdAt: Date.now() };
    },
    async getAsync(key) {
      const data = await peekFlow(tdb, 'saml-request', key);
      return data ? String(data.at) : null;
    },
    async removeAsync(key) {
      return key;
    },
  };
}

function samlFor(s: SsoSettings, tdb: TenantDb, acsUrl: string, returnUrl = '/') {
  return new SAML({
    entryPoint: s.saml_entry_point!,
    idpCert: s.saml_idp_cert!,
    issuer: s.saml_issuer!,
    audience: s.saml_audience || s.saml_issuer!,
    callbackUrl: acsUrl,
    // The assertion itself must carry a valid signature by the tenant's IdP certificate; a signed envelope
    // around an unsigned assertion is not enough.
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: FLOW_TTL_MS,
    acceptedClockSkewMs: 60_000,
    signatureAlgorithm: 'sha256',
    disableRequestedAuthnContext: true,
    cacheProvider: requestCache(tdb, returnUrl),
  });
}

/** The IdP address to send the browser to, with a signed-in-later request id stored for this tenant. */
export function startSaml(s: SsoSettings, tdb: TenantDb, acsUrl: string, returnUrl: string): Promise<string> {
  return samlFor(s, tdb, acsUrl, returnUrl).getAuthorizeUrlAsync('', undefined, {});
}

export class SamlRejected extends Error {}

const attr = (p: Profile, ...names: string[]) => {
  for (const n of names) {
    const v = p[n];
    if (typeof v === 'string' && v) return v;
  }
  return undefined;
};

/**
 * Validates a posted SAMLResponse (signature, issuer cert, audience, time window, InResponseTo of a request we
 * sent) and uses it up: the request id and the assertion id each work once, so a replay is refused.
 */
export async function finishSaml(
  s: SsoSettings,
  tdb: TenantDb,
  acsUrl: string,
  body: Record<string, string>,
): Promise<{ who: ExternalIdentity; returnUrl: string }> {
  const { profile } = await samlFor(s, tdb, acsUrl).validatePostResponseAsync(body);
  if (!profile?.nameID || !profile.inResponseTo) throw new SamlRejected('The SAML response has no subject.');
  const assertion = profile.getAssertion?.() as { Assertion?: { $?: { ID?: string } } } | undefined;
  const assertionId = assertion?.Assertion?.$?.ID;
  if (!assertionId) throw new SamlRejected('The SAML assertion has no ID.');
  if (!(await firstSighting(tdb, assertionId, new Date(Date.now() + FLOW_TTL_MS))))
    throw new SamlRejected('The SAML assertion was already used.');
  const flow = await consumeFlow(tdb, 'saml-request', String(profile.inResponseTo));
  if (!flow) throw new SamlRejected('The SAML response answers no pending sign-in.');
  return {
    who: {
      provider: 'saml',
      subject: `${profile.issuer ?? s.saml_entry_point}|${profile.nameID}`,
      email: attr(profile, 'email', 'mail') ?? (profile.nameID.includes('@') ? profile.nameID : undefined),
      username: attr(profile, 'username', 'uid') ?? profile.nameID,
      fullname: attr(profile, 'displayName', 'name', 'cn'),
    },
    returnUrl: typeof flow.returnUrl === 'string' ? flow.returnUrl : '/',
  };
}
