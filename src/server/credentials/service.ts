import crypto from 'node:crypto';
import { openSecret, sealSecret } from '../crypto/secrets.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { nameRuleProblems } from '../../../runtime/text-rules.js';
import type { HeaderKind, HeaderListBody, HeaderSettings, SaveHeaderBody, SecurityHeader } from './schemas.js';

let sealKey: Buffer | null = null;
/** The key secrets are sealed with (from SECRET_KEY), set when the feature starts. */
export function setCredentialKey(key: Buffer): void {
  sealKey = key;
}
function key(): Buffer {
  if (!sealKey) throw new Error('security headers used before their key was set');
  return sealKey;
}

/** A sealed secret opens only in its own tenant and set. */
const context = (tenantId: string, id: string) => `security_headers.secret:${tenantId}:${id}`;

type Row = {
  id: string;
  name: string;
  kind: string;
  settings: string;
  secret: string;
  version: number;
  modified_on: string;
};
const COLUMNS = ['id', 'name', 'kind', 'settings', 'secret', 'version', 'modified_on'] as const;

const view = (r: Row): SecurityHeader => {
  const settings = JSON.parse(r.settings) as HeaderSettings;
  return {
    id: r.id,
    name: r.name,
    kind: r.kind as HeaderKind,
    settings,
    hasSecret: r.secret !== '',
    ...(settings.certificate ? { certificateInfo: certificateInfo(settings.certificate) } : {}),
    version: Number(r.version),
    modified_on: r.modified_on,
  };
};

const byId = (tdb: TenantDb, id: string) =>
  tdb
    .selectFrom('security_headers')
    .select([...COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();

export async function fetchHeader(tdb: TenantDb, id: string): Promise<SecurityHeader> {
  const r = await byId(tdb, id);
  if (!r) throw notFound('Security header not found');
  return view(r);
}

/** The sets by name, a page at a time (the datatable payload; a search matches the name). */
export async function listHeaders(tdb: TenantDb, b: HeaderListBody) {
  const search = (typeof b.search === 'string' ? b.search : (b.search?.value ?? '')).trim().toLowerCase();
  // A tenant keeps a handful of sets: read them all, ordered as people read names (not by code point).
  const rows = (
    await tdb
      .selectFrom('security_headers')
      .select([...COLUMNS])
      .limit(1000)
      .execute()
  )
    .filter((r) => !search || r.name.toLowerCase().includes(search))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }))
    .map(view);
  const length = b.length ?? 50;
  const page = b.page ?? 1;
  return {
    data: rows.slice((page - 1) * length, page * length),
    recordsTotal: rows.length,
    recordsFiltered: rows.length,
    page,
    length,
  };
}

const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Each certificate of a PEM text, parsed; a 400 naming the setting when one is not a certificate. */
function certificates(pem: string, what: string): crypto.X509Certificate[] {
  const blocks = pem.match(PEM_CERT) ?? [];
  if (!blocks.length) throw badRequest(`${what}: paste a certificate in PEM form (-----BEGIN CERTIFICATE-----)`);
  try {
    return blocks.map((b) => new crypto.X509Certificate(b));
  } catch {
    throw badRequest(`${what}: the certificate cannot be read`);
  }
}

const flat = (dn: string) => dn.split('\n').join(', ');
function certificateInfo(pem: string) {
  const c = new crypto.X509Certificate(pem);
  return { subject: flat(c.subject), issuer: flat(c.issuer), validTo: new Date(c.validTo).toISOString() };
}

/** A certificate set's private key must be an unencrypted PEM key that belongs to its certificate. */
function checkPrivateKey(secret: string, certificate: string) {
  let key: crypto.KeyObject;
  try {
    key = crypto.createPrivateKey({ key: secret, format: 'pem' });
  } catch {
    throw badRequest('Private key: paste an unencrypted private key in PEM form (-----BEGIN PRIVATE KEY-----)');
  }
  if (!new crypto.X509Certificate(certificate).checkPrivateKey(key))
    throw badRequest('The private key does not belong to the certificate');
}

/** The settings each kind needs, only those: a set never keeps settings of another kind. */
function settingsFor(kind: HeaderKind, s: HeaderSettings): HeaderSettings {
  const need = (v: string | undefined, what: string) => {
    if (!v?.trim()) throw badRequest(`${what} is required`);
    return v.trim();
  };
  switch (kind) {
    case 'apiKey':
      return { headerName: need(s.headerName, 'Header name') };
    case 'basic':
      return { username: need(s.username, 'User name') };
    case 'bearer':
      return {};
    case 'oauth2':
      return {
        tokenUrl: need(s.tokenUrl, 'Token URL'),
        clientId: need(s.clientId, 'Client id'),
        ...(s.scope?.trim() ? { scope: s.scope.trim() } : {}),
        ...(s.audience?.trim() ? { audience: s.audience.trim() } : {}),
      };
    case 'certificate': {
      const cert = certificates(need(s.certificate, 'Certificate'), 'Certificate')[0]!;
      const ca = s.ca?.trim() ? certificates(s.ca, 'Trusted authorities') : [];
      return { certificate: cert.toString(), ...(ca.length ? { ca: ca.map((c) => c.toString()).join('') } : {}) };
    }
  }
}

/** Creates a set, or changes one at the version read; the secret is sealed, and kept when none is given. */
export async function saveHeader(tdb: TenantDb, user: AuthUser, b: SaveHeaderBody): Promise<SecurityHeader> {
  const name = b.name.trim();
  if (!name) throw badRequest('Name is required');
  const problem = nameRuleProblems(b.name, 64)[0];
  if (problem) throw badRequest(`Name: ${problem}`);
  const parsed = settingsFor(b.kind, b.settings);
  if (parsed.certificate && b.secret) checkPrivateKey(b.secret, parsed.certificate);
  const settings = JSON.stringify(parsed);
  return tdb.transaction(async (tx) => {
    const clash = await tx.selectFrom('security_headers').select('id').where('name', '=', name).executeTakeFirst();
    if (clash && clash.id !== b.id) throw badRequest(`A security header named '${name}' already exists`);
    const now = new Date().toISOString();
    if (!b.id) {
      if (!b.secret) throw badRequest('The secret is required');
      const id = crypto.randomUUID();
      const secret = sealSecret(b.secret, key(), context(tx.tenantId, id));
      await tx
        .insertInto('security_headers', {
          id,
          name,
          kind: b.kind,
          settings,
          secret,
          version: 1,
          created_by: user.id,
          created_on: now,
          modified_on: now,
        })
        .execute();
      return fetchHeader(tx, id);
    }
    const current = await byId(tx, b.id);
    if (!current) throw notFound('Security header not found');
    if (current.kind !== b.kind && !b.secret) throw badRequest('A new kind needs its secret');
    const was = JSON.parse(current.settings) as HeaderSettings;
    if (parsed.certificate && parsed.certificate !== was.certificate && !b.secret)
      throw badRequest('A new certificate needs its private key');
    const version = b.version ?? Number(current.version);
    const secret = b.secret ? sealSecret(b.secret, key(), context(tx.tenantId, b.id)) : current.secret;
    const r = await tx
      .updateTable('security_headers')
      .set({ name, kind: b.kind, settings, secret, version: version + 1, modified_on: now })
      .where('id', '=', b.id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (!Number(r.numUpdatedRows))
      throw conflict('This security header was changed by someone else just now. Reload to see it.');
    return fetchHeader(tx, b.id);
  });
}

export async function deleteHeader(tdb: TenantDb, id: string) {
  const r = await tdb.deleteFrom('security_headers').where('id', '=', id).executeTakeFirst();
  if (!Number(r.numDeletedRows)) throw notFound('Security header not found');
  return { id };
}

/** A set with its secret opened, for the one place that sends it (apply.ts). */
export async function openHeader(tdb: TenantDb, id: string) {
  const r = await byId(tdb, id);
  if (!r) return null;
  return { ...view(r), secret: openSecret(r.secret, key(), context(tdb.tenantId, r.id)) };
}
