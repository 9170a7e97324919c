import type { Notification } from './api';
import { START_NOTICE_STEP } from '../../../../runtime/plugin-contract';

/**
 * Where clicking a notification leads (spec section 2): the task editor when it carries a task and is neither a
 * start-process nor a restart one, otherwise the item editor (with the task when there is one). Null when the
 * notification names no record.
 */
export function notificationTarget(
  n: Pick<Notification, 'task_id' | 'module_id' | 'record_id' | 'current_step' | 'notification_type_name'>,
): string | null {
  if (!n.module_id || !n.record_id) return null;
  const start = n.current_step === START_NOTICE_STEP;
  const restart = n.notification_type_name?.toLowerCase() === 'restart';
  const path = (...parts: string[]) => '/' + parts.map(encodeURIComponent).join('/');
  if (n.task_id && !start && !restart) return path('task-editor', n.module_id, n.record_id, n.task_id);
  return n.task_id
    ? path('item-editor', n.module_id, n.record_id, n.task_id)
    : path('item-editor', n.module_id, n.record_id);
}

const DAY_MS = 86_400_000;

/** An unread notification older than a day shows its time as a warning. */
export const isOverdue = (n: Pick<Notification, 'read_on' | 'created_on'>, now = Date.now()) =>
  !n.read_on && now - Date.parse(n.created_on) > DAY_MS;
