import { egressFetch, EgressError, type EgressLog } from '../egress/fetch.js';
import { HttpError, notFound } from '../http/errors.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { StoreOrder } from '../../../runtime/plugin-contract.js';
import { requireLicence } from './licences.js';
import { openStoreKey } from './store-keys.js';
import { counted } from './usage.js';
import { openBotVariables } from './variables.js';

/** WooCommerce has no "since id": new orders are read newest first, page by page, down to the last imported one. */
const WOO_PAGE = 100;
const WOO_MAX_PAGES = 10;

export interface OrderOptions {
  allowPrivate: boolean;
  log?: EgressLog;
}

const newer = (id: string, than: string | null) => than === null || BigInt(id) > BigInt(than);
const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

type ShopifyOrder = {
  id: number | string;
  name?: string;
  created_at?: string;
  total_price?: string;
  currency?: string;
  email?: string;
  financial_status?: string;
  customer?: { first_name?: string; last_name?: string; email?: string };
};
type WooOrder = {
  id: number | string;
  number?: string;
  date_created?: string;
  total?: string;
  currency?: string;
  status?: string;
  billing?: { first_name?: string; last_name?: string; email?: string };
};

const fromShopify = (o: ShopifyOrder): StoreOrder => ({
  id: text(o.id),
  number: text(o.name),
  createdAt: text(o.created_at),
  total: text(o.total_price),
  currency: text(o.currency),
  status: text(o.financial_status),
  customerName: [o.customer?.first_name, o.customer?.last_name].filter(Boolean).join(' '),
  customerEmail: text(o.email || o.customer?.email),
});
const fromWoo = (o: WooOrder): StoreOrder => ({
  id: text(o.id),
  number: text(o.number),
  createdAt: text(o.date_created),
  total: text(o.total),
  currency: text(o.currency),
  status: text(o.status),
  customerName: [o.billing?.first_name, o.billing?.last_name].filter(Boolean).join(' '),
  customerEmail: text(o.billing?.email),
});

async function getJson(url: string, headers: Record<string, string>, o: OrderOptions, store: string): Promise<unknown> {
  let res: Response;
  try {
    res = await egressFetch(
      url,
      { headers: { accept: 'application/json', ...headers } },
      { ...o, maxBytes: 10 * 1024 * 1024 },
    );
  } catch (err) {
    if (err instanceof EgressError) throw new HttpError(502, `${store}: ${err.message}`);
    throw err;
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new HttpError(502, `${store}: the store answered ${res.status}.`);
  }
  try {
    return await res.json();
  } catch {
    throw new HttpError(502, `${store}: the store's answer is not JSON.`);
  }
}

/**
 * The store's orders newer than the last imported one, oldest first, at most `ordersPerImport` (the e-commerce
 * variable). Shopify: `/admin/api/2024-01/orders.json?since_id=` with the access token; WooCommerce:
 * `/wp-json/wc/v3/orders` newest first with the consumer key and secret as basic auth, read down to the last import.
 * The first import starts at the store's oldest orders. Counted in the e-commerce bot's usage.
 */
export async function newStoreOrders(tdb: TenantDb, storeKeyId: string, o: OrderOptions) {
  await requireLicence(tdb, 'ecommerce');
  const key = await openStoreKey(tdb, storeKeyId);
  if (!key) throw notFound('Store key not found');
  const limit = Math.min(250, Math.max(1, Number((await openBotVariables(tdb, 'ecommerce')).ordersPerImport) || 50));
  const last = key.lastOrderId;
  const orders = await counted(tdb, 'ecommerce', async () => {
    if (key.platform === 'shopify') {
      const url = `${key.storeUrl}/admin/api/2024-01/orders.json?status=any&limit=${limit}&since_id=${last ?? 0}`;
      const body = (await getJson(url, { 'x-shopify-access-token': key.apiKey }, o, key.name)) as {
        orders?: ShopifyOrder[];
      };
      return (Array.isArray(body.orders) ? body.orders : []).map(fromShopify);
    }
    const auth = { authorization: `Basic ${Buffer.from(`${key.apiKey}:${key.apiSecret}`).toString('base64')}` };
    const base = `${key.storeUrl}/wp-json/wc/v3/orders`;
    if (last === null) {
      const body = await getJson(`${base}?orderby=id&order=asc&per_page=${limit}&page=1`, auth, o, key.name);
      return (Array.isArray(body) ? (body as WooOrder[]) : []).map(fromWoo);
    }
    const found: StoreOrder[] = [];
    for (let page = 1; page <= WOO_MAX_PAGES; page++) {
      const body = await getJson(`${base}?orderby=id&order=desc&per_page=${WOO_PAGE}&page=${page}`, auth, o, key.name);
      const list = (Array.isArray(body) ? (body as WooOrder[]) : []).map(fromWoo);
      found.push(...list.filter((x) => newer(x.id, last)));
      if (list.length < WOO_PAGE || list.some((x) => !newer(x.id, last))) return found;
    }
    // Stopping here would skip the orders beyond the window: better to say so than to lose them.
    throw new HttpError(502, `${key.name}: more than ${WOO_PAGE * WOO_MAX_PAGES} new orders since the last import.`);
  });
  return {
    store: key.name,
    orders: orders
      .filter((x) => /^\d+$/.test(x.id) && newer(x.id, last))
      .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1))
      .slice(0, limit),
  };
}

/** Where the next import of this store starts. */
export async function rememberLastOrder(tdb: TenantDb, storeKeyId: string, orderId: string): Promise<void> {
  await tdb.updateTable('store_keys').set({ last_order_id: orderId }).where('id', '=', storeKeyId).execute();
}

/** The store's name, for a dry run that does not call the store. */
export async function storeName(tdb: TenantDb, storeKeyId: string): Promise<string> {
  const r = await tdb.selectFrom('store_keys').select('name').where('id', '=', storeKeyId).executeTakeFirst();
  if (!r) throw notFound('Store key not found');
  return r.name;
}
