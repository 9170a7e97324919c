import type { QueryKey } from '@tanstack/react-query';

/**
 * Query keys shared by every page so that a realtime event can refresh what it touched (see docs/architecture.md,
 * "Web app"). A page that lists or shows these things uses exactly these keys (more elements may follow them).
 */
export const queryKeys = {
  /** The first page of a user's notifications with the unread and open counts: the bell and the dropdown. */
  notificationsFirstPage: (uid: string) => ['notifications', 'page', 1, uid] as const,
  /** Every loaded page of /notifications. */
  notificationsAll: (uid: string) => ['notifications', 'all', uid] as const,
  notification: (id: string) => ['notifications', 'one', id] as const,
  records: (moduleId: string) => ['records', moduleId] as const,
  tasks: ['tasks'] as const,
  summary: (moduleId: string) => ['summary', moduleId] as const,
  history: (recordId: string) => ['history', recordId] as const,
  record: (recordId: string) => ['record', recordId] as const,
};

/** What an event about a record makes stale: its module's lists and summary, the task lists, its history and itself. */
export function keysTouchedBy(n: { module_id?: string | null; record_id?: string | null }): QueryKey[] {
  const keys: QueryKey[] = [queryKeys.tasks];
  if (n.module_id) keys.push(queryKeys.records(n.module_id), queryKeys.summary(n.module_id));
  if (n.record_id) keys.push(queryKeys.history(n.record_id), queryKeys.record(n.record_id));
  return keys;
}
