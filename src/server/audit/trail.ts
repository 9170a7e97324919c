import type { TenantDb } from '../tenancy/tenant-db.js';
import { param } from '../db/prepared-query.js';

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

const COLUMNS = [
  'at',
  'actor_id',
  'actor_name',
  'action',
  'target_type',
  'target_id',
  'target_label',
  'details',
  'ip',
  'user_agent',
] as const;

/** Where a new entry is written: the inbox the sealer empties into the trail in batches (migration 0134). */
const INBOX = 'audit_inbox';

/** The row an entry becomes (callers that write it in their own batch, like the engine, use this). */
export function auditRow(tdb: TenantDb, e: AuditEntry, at: string) {
  // The request behind the TenantDb (tenancy/hook.ts): call sites deep in services need not pass it along.
  const from = tdb.origin?.();
  return {
    at,
    actor_id: e.actorId !== undefined ? e.actorId : (from?.userId ?? null),
    actor_name: cut(e.actorName || from?.userName || null, 200),
    action: e.action,
    target_type: e.targetType ?? null,
    target_id: e.targetId ?? null,
    target_label: cut(e.targetLabel, 300),
    details: e.details ? JSON.stringify(e.details) : null,
    ip: from?.ip ?? null,
    user_agent: cut(from?.userAgent, 500),
  };
}

/**
 * Appends one entry to the tenant's audit trail inside the caller's transaction (rolled back with it). Only an
 * insert into the inbox, prepared once (it is on every approval's path): the sealer moves it into the trail and
 * chains it later (chain.ts), so the hot path takes no lock.
 */
export async function audit(tdb: TenantDb, e: AuditEntry): Promise<void> {
  const values: Record<string, unknown> = auditRow(tdb, e, new Date().toISOString());
  await tdb.prepared(
    'audit.insert',
    (t) => t.insertInto(INBOX, Object.fromEntries(COLUMNS.map((c) => [c, param(c)])) as never),
    values,
  );
  audited(tdb.tenantId);
}

/** Tells the sealer a tenant has new entries (after a caller wrote rows of `auditRow` itself). */
export function audited(tenantId: string) {
  for (const fn of listeners) fn(tenantId);
}

/** Appends several entries in one insert (bulk operations), in the given order. */
export async function auditMany(tdb: TenantDb, entries: AuditEntry[]): Promise<void> {
  const at = new Date().toISOString();
  for (let i = 0; i < entries.length; i += 500)
    await tdb
      .insertInto(
        INBOX,
        entries.slice(i, i + 500).map((e) => auditRow(tdb, e, at)),
      )
      .execute();
  if (entries.length) for (const fn of listeners) fn(tdb.tenantId);
}
