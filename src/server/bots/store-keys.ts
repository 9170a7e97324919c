import crypto from 'node:crypto';
import { badRequest, conflict, notFound } from '../http/errors.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { PLATFORMS, type PlatformId } from './platforms.js';
import type { CreateStoreKeyBody, StoreKey, UpdateStoreKeyBody } from './schemas.js';
import type { DatatablePayload } from '../../../schemas/api/common.js';
import { seal, unseal } from './seal.js';

/** A sealed key opens only in its own tenant, store key and column. */
const context = (tenantId: string, id: string, what: 'key' | 'secret') => `store_keys.${what}:${tenantId}:${id}`;

const COLUMNS = [
  'id',
  'name',
  'platform',
  'store_url',
  'api_key',
  'api_secret',
  'last_order_id',
  'version',
  'modified_on',
] as const;
type Row = {
  id: string;
  name: string;
  platform: string;
  store_url: string;
  api_key: string;
  api_secret: string;
  last_order_id: string | null;
  version: number;
  modified_on: string;
};

const view = (r: Row): StoreKey => ({
  id: r.id,
  name: r.name,
  platform: r.platform as PlatformId,
  storeUrl: r.store_url,
  hasKey: r.api_key !== '',
  hasSecret: r.api_secret !== '',
  lastOrderId: r.last_order_id,
  version: Number(r.version),
  modified_on: r.modified_on,
});

const rowById = (tdb: TenantDb, id: string) =>
  tdb
    .selectFrom('store_keys')
    .select([...COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();

export async function storeKeyById(tdb: TenantDb, id: string): Promise<StoreKey> {
  const r = await rowById(tdb, id);
  if (!r) throw notFound('Store key not found');
  return view(r);
}

/** The store's address: http(s) with a host, kept without a trailing slash. */
function storeUrl(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    throw badRequest('Store address: enter an http or https address');
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname)
    throw badRequest('Store address: enter an http or https address');
  return `${u.origin}${u.pathname}`.replace(/\/+$/, '');
}

async function checkName(tdb: TenantDb, name: string, id?: string): Promise<string> {
  const n = name.trim();
  if (!n) throw badRequest('Name is required');
  const clash = await tdb.selectFrom('store_keys').select('id').where('name', '=', n).executeTakeFirst();
  if (clash && clash.id !== id) throw badRequest(`A store key named '${n}' already exists`);
  return n;
}

const needsSecret = (p: PlatformId) => PLATFORMS.find((x) => x.id === p)!.needsSecret;

export async function createStoreKey(tdb: TenantDb, b: CreateStoreKeyBody): Promise<StoreKey> {
  if (!b.apiKey.trim()) throw badRequest('The API key is required');
  if (needsSecret(b.platform) && !b.apiSecret?.trim()) throw badRequest('The API secret is required');
  return tdb.transaction(async (tx) => {
    const name = await checkName(tx, b.name);
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    await tx
      .insertInto('store_keys', {
        id,
        name,
        platform: b.platform,
        store_url: storeUrl(b.storeUrl),
        api_key: seal(b.apiKey.trim(), context(tx.tenantId, id, 'key')),
        api_secret: b.apiSecret?.trim() ? seal(b.apiSecret.trim(), context(tx.tenantId, id, 'secret')) : '',
        last_order_id: null,
        version: 1,
        created_on: now,
        modified_on: now,
      })
      .execute();
    return storeKeyById(tx, id);
  });
}

/** Changes a store key at the version read; a key or secret not given is kept. */
export async function updateStoreKey(tdb: TenantDb, b: UpdateStoreKeyBody): Promise<StoreKey> {
  return tdb.transaction(async (tx) => {
    const current = await rowById(tx, b.id);
    if (!current) throw notFound('Store key not found');
    const name = await checkName(tx, b.name, b.id);
    const key = b.apiKey?.trim() ? seal(b.apiKey.trim(), context(tx.tenantId, b.id, 'key')) : current.api_key;
    const secret = b.apiSecret?.trim()
      ? seal(b.apiSecret.trim(), context(tx.tenantId, b.id, 'secret'))
      : current.api_secret;
    if (needsSecret(b.platform) && !secret) throw badRequest('The API secret is required');
    const r = await tx
      .updateTable('store_keys')
      .set({
        name,
        platform: b.platform,
        store_url: storeUrl(b.storeUrl),
        api_key: key,
        api_secret: secret,
        version: b.version + 1,
        modified_on: new Date().toISOString(),
      })
      .where('id', '=', b.id)
      .where('version', '=', b.version)
      .executeTakeFirst();
    if (!Number(r.numUpdatedRows))
      throw conflict('This store key was changed by someone else just now. Reload to see it.');
    return storeKeyById(tx, b.id);
  });
}

export async function deleteStoreKey(tdb: TenantDb, id: string) {
  const r = await tdb.deleteFrom('store_keys').where('id', '=', id).executeTakeFirst();
  if (!Number(r.numDeletedRows)) throw notFound('Store key not found');
  return { id };
}

/** storekey/datatables: by name; a search matches the name or the store address. */
export async function listStoreKeys(tdb: TenantDb, b: DatatablePayload) {
  const search = (typeof b.search === 'string' ? b.search : (b.search?.value ?? '')).trim().toLowerCase();
  const rows = (
    await tdb
      .selectFrom('store_keys')
      .select([...COLUMNS])
      .limit(1000)
      .execute()
  )
    .filter((r) => !search || r.name.toLowerCase().includes(search) || r.store_url.toLowerCase().includes(search))
    .sort((x, y) => x.name.localeCompare(y.name, 'en', { sensitivity: 'base' }))
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

/** A store key with its key and secret opened, for the one place that calls the store (order import). */
export async function openStoreKey(tdb: TenantDb, id: string) {
  const r = await rowById(tdb, id);
  if (!r) return null;
  return {
    ...view(r),
    apiKey: unseal(r.api_key, context(tdb.tenantId, r.id, 'key')),
    apiSecret: r.api_secret ? unseal(r.api_secret, context(tdb.tenantId, r.id, 'secret')) : '',
  };
}
