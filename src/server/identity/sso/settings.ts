import type { Selectable } from 'kysely';
import { isSealed, sealSecret } from '../../crypto/secrets.js';
import { audit } from '../../audit/trail.js';
import { settingsChanges } from '../../audit/diff.js';
import type { SsoSettingsTable } from '../../db/schema.js';
import type { TenantDb } from '../../tenancy/tenant-db.js';
import { badRequest } from '../../http/errors.js';
import type { SsoSettingsInput, SsoSettingsView } from './schemas.js';

export type SsoSettings = Selectable<SsoSettingsTable>;
export type { Provisioning, SsoSettingsInput } from './schemas.js';

export async function loadSettings(tdb: TenantDb): Promise<SsoSettings | undefined> {
  return tdb.selectFrom('sso_settings').selectAll().executeTakeFirst();
}

export const oidcReady = (s: SsoSettings | undefined): s is SsoSettings => !!(s?.oidc_issuer && s.oidc_client_id);
export const samlReady = (s: SsoSettings | undefined): s is SsoSettings =>
  !!(s?.saml_entry_point && s.saml_idp_cert && s.saml_issuer);

/** The administrator's view: everything but the client secret, which is only reported as set or not. */
export function settingsView(s: SsoSettings | undefined): SsoSettingsView {
  return {
    oidc: {
      issuer: s?.oidc_issuer ?? '',
      clientId: s?.oidc_client_id ?? '',
      hasClientSecret: !!s?.oidc_client_secret,
      redirectUri: s?.oidc_redirect_uri ?? '',
    },
    saml: {
      entryPoint: s?.saml_entry_point ?? '',
      idpCert: s?.saml_idp_cert ?? '',
      issuer: s?.saml_issuer ?? '',
      audience: s?.saml_audience ?? '',
    },
    provisioning: s?.provisioning ?? 'link',
    enabled: { oidc: oidcReady(s), saml: samlReady(s) },
  };
}

const clean = (v: string | undefined) => (v?.trim() ? v.trim() : null);

function checkUrl(v: string | null, label: string) {
  if (!v) return;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw badRequest(`${label} must be an absolute URL.`);
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw badRequest(`${label} must be an http(s) URL.`);
}

/** Accepts a PEM certificate or its bare base64 body (as IdP metadata shows it). */
function checkCert(v: string | null) {
  if (!v) return;
  const body = v.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+=*$/.test(body) || body.length < 100)
    throw badRequest('The identity provider certificate is not a valid certificate.');
}

/** The client secret is sealed to its tenant; oidc.ts opens it with the same context. */
export const clientSecretContext = (tenantId: string) => `sso_settings.oidc_client_secret:${tenantId}`;

function storedClientSecret(tdb: TenantDb, key: Buffer, given: string | null, kept: string | null): string | null {
  const plain = given ?? (kept && !isSealed(kept) ? kept : null);
  // A value stored before encryption is sealed on this save.
  return plain !== null ? sealSecret(plain, key, clientSecretContext(tdb.tenantId)) : kept;
}

/** `key` seals the client secret at rest (crypto/secrets.ts). */
export async function saveSettings(tdb: TenantDb, input: SsoSettingsInput, key: Buffer): Promise<SsoSettings> {
  const current = await loadSettings(tdb);
  const o = input.oidc ?? {};
  const s = input.saml ?? {};
  const row = {
    oidc_issuer: clean(o.issuer),
    oidc_client_id: clean(o.clientId),
    oidc_client_secret: storedClientSecret(
      tdb,
      key,
      clean(o.clientSecret),
      clean(o.issuer) ? (current?.oidc_client_secret ?? null) : null,
    ),
    oidc_redirect_uri: clean(o.redirectUri),
    saml_entry_point: clean(s.entryPoint),
    saml_idp_cert: clean(s.idpCert),
    saml_issuer: clean(s.issuer),
    saml_audience: clean(s.audience),
    provisioning: input.provisioning ?? current?.provisioning ?? 'link',
    modified_on: new Date().toISOString(),
  } satisfies Omit<SsoSettings, 'tenant_id'>;
  checkUrl(row.oidc_issuer, 'The OpenID issuer');
  checkUrl(row.oidc_redirect_uri, 'The redirect URL');
  checkUrl(row.saml_entry_point, 'The SAML entry point');
  checkCert(row.saml_idp_cert);
  if (row.oidc_issuer && !row.oidc_client_id) throw badRequest('The OpenID client id is required.');
  if (row.saml_entry_point && (!row.saml_idp_cert || !row.saml_issuer))
    throw badRequest('SAML needs the identity provider certificate and the service provider issuer.');
  if (current) await tdb.updateTable('sso_settings').set(row).execute();
  else await tdb.insertInto('sso_settings', row).execute();
  const saved = (await loadSettings(tdb))!;
  // The sealed client secret differs on every save: the trail says only whether a new one was given.
  const seen = (x: SsoSettings | undefined, secret: unknown) => {
    const { modified_on: _m, tenant_id: _t, oidc_client_secret: _s, ...rest } = x ?? ({} as SsoSettings);
    return x ? { ...rest, oidc_client_secret: secret } : {};
  };
  const changes = settingsChanges(
    seen(current, current?.oidc_client_secret ? 'set' : null),
    seen(saved, saved.oidc_client_secret ? (clean(o.clientSecret) ? 'new' : 'set') : null),
  );
  await audit(tdb, { action: 'sso.settings', targetType: 'sso', targetLabel: 'Single sign-on', details: { changes } });
  return saved;
}
