import crypto from 'node:crypto';
import type { Database } from '../db/database.js';
import { TenantDb } from '../tenancy/tenant-db.js';
import { enqueue } from '../outbox/outbox.js';
import type { NotificationPayload } from '../notifications/deliver.js';
import { writeRunLog } from '../runlog/log.js';

/** One finished try of a delivery, waiting to be written. */
export interface Attempt {
  tenantId: string;
  delivery: { id: string; webhook_id: string; attempts: number; event: string; record_id: string | null };
  hook: { name: string; url: string };
  ok: boolean;
  /** The egress module refused the address (a private target not allowed). */
  refused?: boolean;
  status: number | null;
  excerpt: string | null;
  error: string | null;
  durationMs: number;
  at: string;
}

const plus = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString();

/**
 * Writes a batch of attempts, per tenant in one transaction: the attempt log, each delivery's new state (delivered;
 * due again after its next delay; or failed once the delays are used up), and each webhook's failing streak. A webhook
 * failing longer than `disableAfterMs` is turned off and its owner notified.
 */
export async function recordAttempts(
  db: Database,
  batch: Attempt[],
  opts: { delaysMs: number[]; disableAfterMs: number },
): Promise<void> {
  const byTenant = new Map<string, Attempt[]>();
  for (const a of batch) byTenant.set(a.tenantId, [...(byTenant.get(a.tenantId) ?? []), a]);
  for (const [tenantId, list] of byTenant) {
    const tdb = new TenantDb(tenantId, db.forTenant(tenantId));
    await tdb.transaction(async (tx) => {
      for (let i = 0; i < list.length; i += 100)
        await tx
          .insertInto(
            'webhook_attempts',
            list.slice(i, i + 100).map((a) => ({
              id: crypto.randomUUID(),
              webhook_id: a.delivery.webhook_id,
              delivery_id: a.delivery.id,
              attempt: a.delivery.attempts + 1,
              outcome: a.ok ? ('delivered' as const) : ('failed' as const),
              status_code: a.status,
              duration_ms: a.durationMs,
              response_excerpt: a.excerpt,
              error: a.error,
              created_on: a.at,
            })),
          )
          .execute();
      await writeRunLog(
        tx,
        list.map((a) => ({
          kind: 'webhook' as const,
          source_id: a.delivery.webhook_id,
          source_name: a.hook.name,
          trigger: a.delivery.event,
          record_id: a.delivery.record_id,
          step: null,
          method: 'POST',
          url: a.hook.url,
          status: a.status,
          outcome: a.ok ? ('ok' as const) : a.refused ? ('refused' as const) : ('failed' as const),
          duration_ms: a.durationMs,
          request: `POST ${a.hook.url}\nwebhook-id: ${a.delivery.id}`,
          response: a.excerpt,
          error: a.error,
          created_on: a.at,
        })),
      );
      // Deliveries that end alike (outcome, answer, attempt number) are updated in one statement.
      const alike = new Map<string, Attempt[]>();
      for (const a of list) {
        const k = JSON.stringify([a.ok, a.status, a.delivery.attempts, a.ok ? null : a.error]);
        alike.set(k, [...(alike.get(k) ?? []), a]);
      }
      for (const group of alike.values()) {
        const a = group[group.length - 1]!;
        const attempts = a.delivery.attempts + 1;
        const delay = opts.delaysMs[attempts];
        const ids = group.map((g) => g.delivery.id);
        await tx
          .updateTable('webhook_deliveries')
          .set(
            a.ok
              ? {
                  status: 'delivered',
                  attempts,
                  delivered_on: a.at,
                  lease_until: null,
                  last_status: a.status,
                  last_error: null,
                }
              : {
                  status: delay === undefined ? 'failed' : 'pending',
                  attempts,
                  next_attempt_at: plus(a.at, delay ?? 0),
                  lease_until: null,
                  last_status: a.status,
                  last_error: a.error,
                },
          )
          .where('id', 'in', ids)
          .execute();
      }
      const healthy = [...new Set(list.filter((a) => a.ok).map((a) => a.delivery.webhook_id))];
      const failing = [...new Set(list.filter((a) => !a.ok).map((a) => a.delivery.webhook_id))].filter(
        (id) => !healthy.includes(id),
      );
      const now = list[list.length - 1]!.at;
      if (healthy.length)
        await tx
          .updateTable('webhooks')
          .set({ failing_since: null })
          .where('id', 'in', healthy)
          .where('failing_since', 'is not', null)
          .execute();
      if (!failing.length) return;
      await tx
        .updateTable('webhooks')
        .set({ failing_since: now })
        .where('id', 'in', failing)
        .where('failing_since', 'is', null)
        .execute();
      await disableLongFailing(tx, failing, plus(now, -opts.disableAfterMs));
    });
  }
}

async function disableLongFailing(tx: TenantDb, ids: string[], before: string) {
  const dead = await tx
    .selectFrom('webhooks')
    .select(['id', 'name', 'owner_id', 'failing_since'])
    .where('id', 'in', ids)
    .where('active', '=', 1)
    .where('failing_since', '<=', before)
    .execute();
  for (const h of dead) {
    const reason = `Turned off on ${new Date().toISOString().slice(0, 10)}: the endpoint has failed since ${h.failing_since!.slice(0, 10)}.`;
    await tx.updateTable('webhooks').set({ active: 0, disabled_reason: reason }).where('id', '=', h.id).execute();
    const note: NotificationPayload = {
      userId: h.owner_id,
      event: 'webhook',
      content: `Webhook ${h.name} was turned off: its endpoint has kept failing since ${h.failing_since!.slice(0, 10)}.`,
    };
    await enqueue(tx, 'notification', note, `webhook-off:${h.id}:${h.failing_since}`);
  }
}
