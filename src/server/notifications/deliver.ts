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
}

/** The hub method the browser listens on. */
export const HUB_NOTIFICATION = 'ReceiveNotification';

/**
 * The outbox handler for 'notification' entries: stores the notification (once per entry, even if redelivered)
 * in the claiming transaction and, once that has committed, pushes it through the hub to the user's open pages on
 * any node.
 */
export function notificationHandler(hub: Pick<TaskHub, 'sendToUser'>): OutboxHandler {
  return async (raw, entry) => {
    const p = raw as unknown as NotificationPayload;
    const row = {
      id: crypto.randomUUID(),
      user_id: p.userId,
      source_key: entry.key,
      notification_type_name: p.event,
      current_step: p.currentStep ?? null,
      task_id: p.taskId ?? null,
      module_id: p.moduleId ?? null,
      record_id: p.recordId ?? null,
      record_created_by: p.recordCreatedBy ?? null,
      notification_content: p.content,
      created_on: new Date().toISOString(),
      read_on: null,
    };
    const p2 = rowParams([row]);
    const inserted = await entry.tdb.prepared(
      'notifications.insert',
      (t) =>
        t.insertInto('notifications', p2.rows).onConflict((oc) => oc.columns(['tenant_id', 'source_key']).doNothing()),
      p2.values,
    );
    if (Number(inserted.numAffectedRows ?? 0) > 0)
      entry.afterCommit(() =>
        hub.sendToUser(entry.tenantId, p.userId, HUB_NOTIFICATION, [{ ...row, tenant_id: undefined }]),
      );
    return 'delivered';
  };
}
