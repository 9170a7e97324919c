// "Without auditing" for the audit benches: the TenantDb methods an audit insert goes through, with the inserts
// left out and everything else as usual (audit-approvals.ts subclasses TenantDb with these; unaudited.mjs patches a
// whole server process with them).
import type { TenantDb, TenantWrite } from '../src/server/tenancy/tenant-db.js';

/** trail.ts prepares its insert under this key; the engine writes its entries in its own batch (write.ts). */
export const isAuditWrite = (key: string) =>
  key === 'audit.insert' || key.startsWith('insert.audit_events') || key.startsWith('insert.audit_inbox');

type Prepared = TenantDb['prepared'];
type WriteBatch = TenantDb['writeBatch'];

/** `prepared` whose audit insert does nothing. */
export const preparedWithoutAudit = (prepared: Prepared) =>
  function (this: TenantDb, ...args: Parameters<Prepared>) {
    return isAuditWrite(args[0]) ? Promise.resolve({ rows: [] }) : prepared.apply(this, args);
  } as Prepared;

/** `writeBatch` with the audit parts left out, each answered as one row written. */
export const writeBatchWithoutAudit = (writeBatch: WriteBatch) =>
  async function (this: TenantDb, parts: TenantWrite[], values: Record<string, unknown>) {
    const counts = await writeBatch.call(
      this,
      parts.filter((p) => !isAuditWrite(p.key)),
      values,
    );
    return parts.map((p) => (isAuditWrite(p.key) ? 1 : (counts.shift() ?? 0)));
  } as WriteBatch;
