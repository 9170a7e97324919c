import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Companies in the fake register, as the public Companies House API describes them. */
export const COMPANIES = [
  {
    company_number: '00445790',
    company_name: 'TESCO PLC',
    company_status: 'active',
    date_of_creation: '1947-11-27',
    registered_office_address: {
      address_line_1: 'Tesco House, Shire Park',
      locality: 'Welwyn Garden City',
      postal_code: 'AL7 1GA',
    },
  },
  {
    company_number: '07412345',
    company_name: 'TESCOMBE BAKERY LTD',
    company_status: 'dissolved',
    date_of_creation: '2010-10-20',
    registered_office_address: { premises: '4', address_line_1: 'Mill Lane', locality: 'Bath', postal_code: 'BA1 1AA' },
  },
];

/**
 * A local Companies House speaking the API's two shapes (`/company/{number}`, `/search/companies?q=`), requiring the
 * key as the basic-auth user name with an empty password. `seen` keeps each request's path and authorization.
 */
export async function startCompaniesHouse(apiKey: string) {
  const seen: { path: string; auth: string | undefined }[] = [];
  const send = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    seen.push({ path: url.pathname + url.search, auth: req.headers.authorization });
    if (req.headers.authorization !== `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`)
      return send(res, 401, { error: 'Invalid Authorization' });
    const company = url.pathname.match(/^\/company\/([A-Z0-9]+)$/);
    if (company) {
      const c = COMPANIES.find((x) => x.company_number === company[1]);
      return c ? send(res, 200, c) : send(res, 404, { errors: [{ error: 'company-profile-not-found' }] });
    }
    if (url.pathname === '/search/companies') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const items = COMPANIES.filter((c) => c.company_name.toLowerCase().includes(q)).map((c) => ({
        company_number: c.company_number,
        title: c.company_name,
        company_status: c.company_status,
        date_of_creation: c.date_of_creation,
        address_snippet: Object.values(c.registered_office_address).join(', '),
      }));
      return send(res, 200, { items, total_results: items.length, kind: 'search#companies' });
    }
    send(res, 404, { error: 'not found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * A local Shopify and WooCommerce store in one server, speaking their order list shapes: Shopify
 * `/admin/api/2024-01/orders.json?since_id=&limit=` (access token header), WooCommerce `/wp-json/wc/v3/orders`
 * with `orderby=id`, `order`, `per_page`, `page` (consumer key and secret as basic auth). `orders` can grow.
 */
export async function startStores(shopifyToken: string, wooKey: string, wooSecret: string) {
  const orders: { id: number; number: string; total: string; email: string; first: string; last: string }[] = [];
  const seen: string[] = [];
  const send = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    seen.push(url.pathname + url.search);
    const p = url.searchParams;
    if (url.pathname === '/admin/api/2024-01/orders.json') {
      if (req.headers['x-shopify-access-token'] !== shopifyToken) return send(res, 401, { errors: 'Invalid API key' });
      const since = Number(p.get('since_id') ?? 0);
      const list = orders.filter((o) => o.id > since).slice(0, Number(p.get('limit') ?? 50));
      return send(res, 200, {
        orders: list.map((o) => ({
          id: o.id,
          name: o.number,
          created_at: '2026-01-02T10:00:00Z',
          total_price: o.total,
          currency: 'GBP',
          email: o.email,
          financial_status: 'paid',
          customer: { first_name: o.first, last_name: o.last },
        })),
      });
    }
    if (url.pathname === '/wp-json/wc/v3/orders') {
      if (req.headers.authorization !== `Basic ${Buffer.from(`${wooKey}:${wooSecret}`).toString('base64')}`)
        return send(res, 401, { code: 'woocommerce_rest_cannot_view' });
      const per = Number(p.get('per_page') ?? 10);
      const page = Number(p.get('page') ?? 1);
      const sorted = [...orders].sort((a, b) => (p.get('order') === 'asc' ? a.id - b.id : b.id - a.id));
      return send(
        res,
        200,
        sorted.slice((page - 1) * per, page * per).map((o) => ({
          id: o.id,
          number: o.number,
          date_created: '2026-01-02T10:00:00',
          total: o.total,
          currency: 'EUR',
          status: 'processing',
          billing: { first_name: o.first, last_name: o.last, email: o.email },
        })),
      );
    }
    send(res, 404, {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    orders,
    seen,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
