import type { TenantDb } from '../tenancy/tenant-db.js';

/**
 * Records a side effect in the same transaction as the change that causes it. The idempotency key is unique per
 * tenant, so writing the same effect twice (a retried request) keeps one entry.
 */
export async function enqueue(tdb: TenantDb, kind: string, payload: object, idempotencyKey: string): Promise<void> {
  const now = new Date().toISOString();
  await tdb
    .insertInto('outbox', {
      kind,
      idempotency_key: idempotencyKey,
      payload: JSON.stringify(payload),
      status: 'pending',
      attempts: 0,
      available_at: now,
      last_error: null,
      created_on: now,
      delivered_on: null,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'idempotency_key']).doNothing())
    .execute();
}
