import crypto from 'node:crypto';
import type pg from 'pg';

/** Named statements kept per connection at most; beyond it queries go unnamed (parsed and planned each time). */
const MAX_PER_CONNECTION = 300;

const names = new Map<string, string>();
const nameOf = (text: string) => {
  let n = names.get(text);
  if (!n) {
    if (names.size > 20_000) names.clear();
    n = `ff_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, n);
  }
  return n;
};

/**
 * Makes a pooled client run parameterized queries as named prepared statements, so PostgreSQL parses and plans
 * each statement text once per connection instead of on every execution (with row-level security the planning is
 * a large share of a small query's cost). Plans never carry the tenant: the policies read `app.tenant_id` when the
 * statement runs, and DDL (a new field index) invalidates cached plans by itself.
 */
export function preparedStatements(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = new Set<string>();
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && args.length === 2) {
      const name = nameOf(text);
      if (named.has(name) || named.size < MAX_PER_CONNECTION) {
        named.add(name);
        return query({ name, text, values });
      }
    }
    return query(...args);
  };
}
