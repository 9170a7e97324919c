import { expect } from 'vitest';
import type { ModuleDefinition } from '../../schemas/module-definition';
import { publishApp, type Office } from '../support/office.js';

const text = (name: string, label: string) => ({ name, label, fieldType: 'text' });

/** The joined app: customers with a country, a tier and a rating; `secret` hidden from every step. */
export const customersApp: ModuleDefinition = {
  display_name: 'Customers',
  fieldGroups: [
    {
      id: 'g',
      label: 'G',
      rows: [
        {
          fields: [
            text('name', 'Name'),
            text('country', 'Country'),
            text('tier', 'Tier'),
            { name: 'rating', label: 'Rating', fieldType: 'number', config: { decimalPlaces: 0 } },
          ],
        },
      ],
    },
  ],
};

/** The base app: orders pointing at a customer through a lookup field. */
export const ordersApp = (customersId: string): ModuleDefinition => ({
  display_name: 'Orders',
  fieldGroups: [
    {
      id: 'g',
      label: 'G',
      rows: [
        {
          fields: [
            text('channel', 'Channel'),
            { name: 'amount', label: 'Amount', fieldType: 'number', config: { decimalPlaces: 2 } },
            {
              name: 'customer',
              label: 'Customer',
              fieldType: 'lookup',
              config: {
                moduleId: customersId,
                displayField: 'name',
                displayColumns: [],
                filters: [],
                sortType: 'Ascending',
                flowToLookUp: [],
              },
            },
          ],
        },
      ],
    },
  ],
});

export interface Customer {
  id: string;
  name: string;
  country: string;
  tier: string;
  rating: number;
}
export interface Order {
  id: string;
  channel: string;
  amount: number;
  customer: Customer | null;
}

const submit = async (o: Office, who: string, moduleId: string, data: Record<string, unknown>) => {
  const r = await o.post(who, '/api/EntryModule/submit', { moduleId, data });
  expect(r.json(), r.body).toMatchObject({ success: true });
  return r.json().data.recordId as string;
};

/**
 * Customers (all made by `by`) and 24 orders by `by` over them (every fifth without a customer). The caller may
 * afterwards take some customers away from `by` to test what a viewer who cannot open them sees.
 */
export async function seedOrders(o: Office, by: string) {
  const customersId = await publishApp(o, 'Customers', customersApp);
  const ordersId = await publishApp(o, 'Orders', ordersApp(customersId));
  const specs = [
    ['Alpha', 'DE', 'gold', 5],
    ['Beta', 'FR', 'silver', 3],
    ['Gamma', 'DE', 'silver', 4],
    ['Delta', 'IT', 'gold', 2],
  ] as const;
  const customers: Customer[] = [];
  for (const [name, country, tier, rating] of specs)
    customers.push({
      id: await submit(o, by, customersId, { name, country, tier, rating }),
      name,
      country,
      tier,
      rating,
    });
  const orders: Order[] = [];
  for (let i = 0; i < 24; i++) {
    const customer = i % 5 === 4 ? null : customers[i % 4]!;
    const channel = i % 3 === 0 ? 'web' : 'phone';
    const amount = ((i * 17) % 50) + 0.25 * (i % 4);
    const data = { channel, amount, ...(customer ? { customer: { id: customer.id, label: customer.name } } : {}) };
    orders.push({ id: await submit(o, by, ordersId, data), channel, amount, customer });
  }
  return { customersId, ordersId, customers, orders };
}

/** Group rows computed here: key → { count, sum }. */
export function tally<T>(xs: T[], key: (x: T) => string, amount: (x: T) => number) {
  const m = new Map<string, { count: number; sum: number }>();
  for (const x of xs) {
    const k = key(x);
    const t = m.get(k) ?? { count: 0, sum: 0 };
    t.count++;
    t.sum += amount(x);
    m.set(k, t);
  }
  return m;
}
