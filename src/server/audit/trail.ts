import type { TenantDb } from '../tenancy/tenant-db.js';

/** What a call site knows about the event; who and where from default to the request behind the TenantDb. */
export interface AuditEntry {
  action: string;
  actorId?: string | null;
  actorName?: string | null;
  targetType?: string | null;
  targetId?: string | null;
  targetLabel?: string | null;
  details?: Record<string, unknown> | null;
}

const listeners = new Set<(tenantId: string) => void>();
/** The sealer listens here to seal soon after a write (index.ts); other threads rely on its sweep. */
export const onAudited = (fn: (tenantId: string) => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};

const cut = (s: string | null | undefined, n: number) => (s == null ? null : s.slice(0, n));

/**
 * Appends one entry to the tenant's audit trail inside the caller's transaction (rolled back with it). Only an
 * insert: the hash chain is sealed later (chain.ts), so the hot path takes no lock.
 */
export async function audit(tdb: TenantDb, e: AuditEntry): Promise<void> {
  // The request behind the TenantDb (tenancy/hook.ts): call sites deep in services need not pass it along.
  const from = tdb.origin?.();
  await tdb
    .insertInto('audit_events', {
      at: new Date().toISOString(),
      actor_id: e.actorId !== undefined ? e.actorId : (from?.userId ?? null),
      actor_name: cut(e.actorName || from?.userName || null, 200),
      action: e.action,
      target_type: e.targetType ?? null,
      target_id: e.targetId ?? null,
      target_label: cut(e.targetLabel, 300),
      details: e.details ? JSON.stringify(e.details) : null,
      ip: from?.ip ?? null,
      user_agent: cut(from?.userAgent, 500),
    })
    .execute();
  for (const fn of listeners) fn(tdb.tenantId);
}
