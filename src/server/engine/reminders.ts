import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { TenantDb } from '../tenancy/tenant-db.js';
import { OPEN } from './status.js';

const BATCH = 200;

/**
 * Automatic reminders of Assignment tasks (reminderEveryHours). Each due task is claimed by moving its
 * next_reminder_on with a conditional update, in the same transaction as its outbox entry, so with several nodes
 * (or a sweep cut short by a crash) each reminder is written exactly once.
 */
export async function sweepReminders(db: Database, now = new Date()): Promise<number> {
  const at = now.toISOString();
  let sent = 0;
  const tenants = await db.system.selectFrom('tenants').select('id').execute();
  for (const { id } of tenants) {
    const tdb = new TenantDb(id, db.forTenant(id));
    const due = await tdb
      .selectFrom('tasks')
      .innerJoin('modules', (j) =>
        j.onRef('modules.id', '=', 'tasks.module_id').onRef('modules.tenant_id', '=', 'tasks.tenant_id'),
      )
      .select([
        'tasks.id',
        'tasks.assignee_id',
        'tasks.activity_title',
        'tasks.record_id',
        'tasks.module_id',
        'tasks.next_reminder_on',
        'tasks.remind_every_hours',
        'modules.display_name',
      ])
      .where('tasks.status', '=', OPEN)
      .where('tasks.next_reminder_on', '<=', at)
      .orderBy('tasks.next_reminder_on')
      .limit(BATCH)
      .execute();
    for (const t of due) {
      const next = new Date(now.getTime() + (t.remind_every_hours ?? 24) * 3_600_000).toISOString();
      sent += await tdb.transaction(async (tx) => {
        const claimed = await tx
          .updateTable('tasks')
          .set({ next_reminder_on: next })
          .where('id', '=', t.id)
          .where('status', '=', OPEN)
          .where('next_reminder_on', '=', t.next_reminder_on)
          .executeTakeFirst();
        if (!Number(claimed.numUpdatedRows)) return 0;
        const payload = {
          userId: t.assignee_id,
          event: 'reminder',
          content: `${t.display_name}: reminder: ${t.activity_title} is waiting for you`,
          currentStep: t.activity_title,
          taskId: t.id,
          moduleId: t.module_id,
          recordId: t.record_id,
          recordCreatedBy: null,
        };
        await tx
          .insertInto('outbox', {
            kind: 'notification',
            idempotency_key: `reminder:${t.id}:${t.next_reminder_on}`,
            payload: JSON.stringify(payload),
            status: 'pending',
            attempts: 0,
            available_at: at,
            last_error: null,
            created_on: at,
            delivered_on: null,
          })
          .onConflict((oc) => oc.columns(['tenant_id', 'idempotency_key']).doNothing())
          .execute();
        return 1;
      });
    }
  }
  return sent;
}

/** Runs the sweep every minute while the server runs (with the outbox worker); stopped on close. */
export function startReminders(db: Database, log: FastifyBaseLogger, everyMs = 60_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepReminders(db)
      .catch((err) => log.error({ err }, 'reminder sweep failed'))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
