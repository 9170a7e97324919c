import type { Kysely, Selectable } from 'kysely';
import type { DB, TenantsTable } from '../db/schema.js';

export type Tenant = Selectable<TenantsTable>;

export const DEFAULT_TENANT_DOMAIN = 'demo';
/** A host whose first label is this shows the tenant domain-entry page instead of a tenant. */
export const LOGIN_LABEL = 'login';

/**
 * The tenant label of a Host header: its first DNS label, or the default tenant for a bare host
 * (localhost, an IP address, or a single-label name).
 */
export function tenantLabel(hostHeader: string | undefined): string {
  const key = hostHeader ?? '';
  let label = labels.get(key);
  if (label === undefined) {
    if (labels.size >= 1_000) labels.clear();
    labels.set(key, (label = labelOf(hostHeader)));
  }
  return label;
}
/** Host headers seen lately and their labels: every request asks, and a server sees few distinct hosts. */
const labels = new Map<string, string>();

function labelOf(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '')
    .trim()
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '');
  if (!host || /^[\d.]+$/.test(host) || host.includes(':')) return DEFAULT_TENANT_DOMAIN;
  const labels = host.split('.');
  if (labels.length === 1) return DEFAULT_TENANT_DOMAIN;
  return labels[0]!;
}

export type TenantState =
  { ok: true; tenant: Tenant } | { ok: false; reason: 'unknown' | 'inactive' | 'expired'; tenant?: Tenant };

export const TENANT_MESSAGES = {
  unknown: 'This organisation is not registered. Check the address or contact your administrator.',
  inactive: 'This organisation is not activated. Please contact accounts.',
  expired: 'Your licence has expired. Please contact accounts.',
} as const;

function stateOf(tenant: Tenant | undefined, now: Date): TenantState {
  if (!tenant) return { ok: false, reason: 'unknown' };
  if (tenant.status !== 'active') return { ok: false, reason: 'inactive', tenant };
  if (tenant.licence_expires_on && tenant.licence_expires_on < now.toISOString().slice(0, 10))
    return { ok: false, reason: 'expired', tenant };
  return { ok: true, tenant };
}

/** Small cache of tenant rows by domain; entries live briefly so CLI changes show up without a restart. */
export class TenantResolver {
  private cache = new Map<string, { at: number; tenant: Tenant | undefined; state?: TenantState; day?: string }>();
  constructor(
    private readonly db: Kysely<DB>,
    private readonly ttlMs = 5_000,
  ) {}

  /** The cached state of a domain when it is fresh, without a database call (the hot path of every request). */
  cachedState(domain: string, now = Date.now()): TenantState | undefined {
    const hit = this.cache.get(domain);
    if (!hit || now - hit.at >= this.ttlMs) return undefined;
    // The state changes only with the row (a new entry) or the day (licence expiry): reuse it within both.
    const day = hit.tenant?.licence_expires_on ? new Date(now).toISOString().slice(0, 10) : '';
    if (!hit.state || hit.day !== day) {
      hit.state = stateOf(hit.tenant, new Date(now));
      hit.day = day;
    }
    return hit.state;
  }

  async byDomain(domain: string): Promise<Tenant | undefined> {
    const hit = this.cache.get(domain);
    const now = Date.now();
    if (hit && now - hit.at < this.ttlMs) return hit.tenant;
    const tenant = await this.db.selectFrom('tenants').selectAll().where('domain', '=', domain).executeTakeFirst();
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(domain, { at: now, tenant });
    return tenant;
  }

  invalidate(domain?: string) {
    if (domain) this.cache.delete(domain);
    else this.cache.clear();
  }

  async state(domain: string, now = new Date()): Promise<TenantState> {
    return stateOf(await this.byDomain(domain), now);
  }
}
