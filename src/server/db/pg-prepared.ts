import type pg from 'pg';
import { MAX_PER_CONNECTION, statementName } from './statement-names.mjs';

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
      const name = statementName(text);
      if (named.has(name) || named.size < MAX_PER_CONNECTION) {
        named.add(name);
        return query({ name, text, values });
      }
    }
    return query(...args);
  };
}
