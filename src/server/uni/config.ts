import { badRequest } from '../http/errors.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { seal, unseal } from './seal.js';
import type { GenAiConfig, GenAiConfigBody } from './schemas.js';

/** The endpoint as the prompt uses it, key opened. */
export interface Endpoint {
  baseUrl: string;
  model: string;
  apiKey: string;
}

const context = (tenantId: string) => `uni_config.api_key:${tenantId}`;
const mask = (key: string) => (key ? `••••${key.length > 8 ? key.slice(-4) : ''}` : '');

async function row(tdb: TenantDb) {
  return tdb.selectFrom('uni_config').select(['base_url', 'model', 'api_key', 'modified_on']).executeTakeFirst();
}

/** GET: the endpoint with the key masked. */
export async function genAiConfig(tdb: TenantDb): Promise<GenAiConfig> {
  const r = await row(tdb);
  if (!r) return { configured: false, baseUrl: '', model: '', apiKey: '', hasKey: false, modified_on: null };
  const plain = r.api_key ? unseal(r.api_key, context(tdb.tenantId)) : '';
  return {
    configured: !!r.base_url && !!r.model,
    baseUrl: r.base_url,
    model: r.model,
    apiKey: mask(plain),
    hasKey: !!plain,
    modified_on: r.modified_on,
  };
}

/** The configured endpoint, or null when Uni answers without a language model. */
export async function endpointOf(tdb: TenantDb): Promise<Endpoint | null> {
  const r = await row(tdb);
  if (!r?.base_url || !r.model) return null;
  return { baseUrl: r.base_url, model: r.model, apiKey: r.api_key ? unseal(r.api_key, context(tdb.tenantId)) : '' };
}

function checkUrl(url: string): string {
  const trimmed = url.trim().replace(/\/+$/, '');
  if (!trimmed) return '';
  let u: URL;
  try {
    u = new URL(trimmed);
  } catch {
    throw badRequest('baseUrl must be an http or https address.');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw badRequest('baseUrl must be an http or https address.');
  if (u.username || u.password) throw badRequest('baseUrl must not carry a user name or password; use apiKey.');
  return trimmed;
}

/** PATCH: fields left out are kept; the key is sealed at rest and never sent back. */
export async function saveGenAiConfig(tdb: TenantDb, user: AuthUser, b: GenAiConfigBody): Promise<GenAiConfig> {
  const r = await row(tdb);
  const baseUrl = b.baseUrl === undefined ? (r?.base_url ?? '') : checkUrl(b.baseUrl);
  const model = b.model === undefined ? (r?.model ?? '') : b.model.trim();
  if (baseUrl && !model) throw badRequest('model is required when baseUrl is set.');
  const apiKey = b.apiKey === null ? '' : b.apiKey ? seal(b.apiKey.trim(), context(tdb.tenantId)) : (r?.api_key ?? '');
  const values = {
    base_url: baseUrl,
    model,
    api_key: apiKey,
    modified_by: user.id,
    modified_on: new Date().toISOString(),
  };
  await tdb
    .insertInto('uni_config', values)
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values))
    .execute();
  return genAiConfig(tdb);
}
