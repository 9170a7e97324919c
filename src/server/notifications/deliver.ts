import crypto from 'node:crypto';
import type { TaskHub } from '../hub/hub.js';
import type { OutboxHandler } from '../outbox/worker.js';
import { rowParams } from '../db/prepared-query.js';

/** What the engine writes to the outbox for one user and one event of a record. */
export interface NotificationPayload {
  userId: string;
  event: string;
  content: string;
  currentStep?: string | null;
  taskId?: string | null;
  moduleId?: string | null;
  recordId?: string | null;
  recordCreatedBy?: string | null;
  /**
   * Set when the producer stored the notification itself, in the transaction that wrote this entry (the engine does,
   * so the bell shows it with the action): the row's id and time; delivery then only pushes it.
   */
  stored?: { id: string; createdOn: string };
}

/** The notifications row of an entry's payload (without tenant). */
export function notificationRow(p: NotificationPayload, key: string, id: string, createdOn: string) {
  return {
    id,
    user_id: p.userId,
    source_key: key,
    notification_type_name: p.event,
    current_step: p.currentStep ?? null,
    task_id: p.taskId ?? null,
    module_id: p.moduleId ?? null,
    record_id: p.recordId ?? null,
    record_created_by: p.recordCreatedBy ?? null,
    notification_content: p.content,
    created_on: createdOn,
    read_on: null,
  };
}

/** The hub method the browser listens on. */
export const HUB_NOTIFICATION = 'ReceiveNotification';

/**
 * The outbox handler for 'notification' entries: stores the notification (once per entry, even if redelivered) in the
 * claiming transaction, unless its producer already did, and once that has committed pushes it through the hub to the
 * user's open pages on any node.
 */
export function notificationHandler(hub: Pick<TaskHub, 'sendToUser'>): OutboxHandler {
  return async (raw, entry) => {
    const p = raw as unknown as NotificationPayload;
    const stored = p.stored ?? { id: crypto.randomUUID(), createdOn: new Date().toISOString() };
    const row = notificationRow(p, entry.key, stored.id, stored.createdOn);
    if (!p.stored) {
      const values = rowParams([row]);
      const inserted = await entry.tdb.prepared(
        'notifications.insert',
        (t) =>
          t
            .insertInto('notifications', values.rows)
            .onConflict((oc) => oc.columns(['tenant_id', 'source_key']).doNothing()),
        values.values,
      );
      // Stored already by an earlier delivery of this entry: pushed then.
      if (!Number(inserted.numAffectedRows ?? 0)) return 'delivered';
    }
    entry.afterCommit(() => hub.sendToUser(entry.tenantId, p.userId, HUB_NOTIFICATION, [row]));
    return 'delivered';
  };
}
