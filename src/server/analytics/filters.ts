import { badRequest } from '../http/errors.js';
import type { SharedFilters } from '../reports/schemas.js';

const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

function instant(value: string, name: string): Date {
  const d = new Date(value.length === 10 ? `${value}T00:00:00.000Z` : value);
  if (!DATE.test(value) || Number.isNaN(d.getTime())) throw badRequest(`${name} must be a date (YYYY-MM-DD).`);
  return d;
}

/**
 * A dashboard's shared date range as ISO bounds: `from` inclusive, `to` exclusive (a bare date `to` takes in its
 * whole day). Stored times are ISO-8601 UTC text, so the bounds compare as text on both databases.
 */
export function dateRange(shared: SharedFilters | undefined): { from?: string; to?: string; userId?: string } {
  const from = shared?.from ? instant(shared.from, 'from').toISOString() : undefined;
  let to: string | undefined;
  if (shared?.to) {
    const d = instant(shared.to, 'to');
    if (shared.to.length === 10) d.setUTCDate(d.getUTCDate() + 1);
    to = d.toISOString();
  }
  if (from && to && from >= to) throw badRequest('from must be before to.');
  return { from, to, userId: shared?.userId || undefined };
}
