import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../realtime/query-keys';
import type { Notification, NotificationPage } from './api';
import { addNotification, markAllReadInCache, markReadInCache } from './cache';

const note = (id: string, read_on: string | null = null): Notification => ({
  id,
  notification_type_name: 'submit',
  current_step: 'Approve',
  task_id: 't',
  module_id: 'm',
  record_id: 'r',
  record_created_by: null,
  notification_content: `n ${id}`,
  time_since: 'just now',
  created_on: '2026-11-22T00:00:00Z',
  read_on,
});

function client(notif: Notification[], unread: number) {
  const qc = new QueryClient();
  qc.setQueryData<NotificationPage>(queryKeys.notificationsFirstPage('u1'), { notif, unread, open: 0 });
  qc.setQueryData(queryKeys.notificationsAll('u1'), { pages: [{ notif, unread, open: 0 }], pageParams: [1] });
  // Another user's cached list on the same tab stays untouched.
  qc.setQueryData<NotificationPage>(queryKeys.notificationsFirstPage('u2'), { notif: [], unread: 0, open: 0 });
  return qc;
}
const first = (qc: QueryClient, uid = 'u1') =>
  qc.getQueryData<NotificationPage>(queryKeys.notificationsFirstPage(uid))!;

describe('notification cache', () => {
  it('adds a pushed notification once and raises the unread count', () => {
    const qc = client([note('a', 'x')], 0);
    addNotification(qc, 'u1', note('b'));
    addNotification(qc, 'u1', note('b'));
    expect(first(qc).unread).toBe(1);
    expect(first(qc).notif.map((n) => n.id)).toEqual(['b', 'a']);
    expect(
      qc.getQueryData<{ pages: NotificationPage[] }>(queryKeys.notificationsAll('u1'))!.pages[0]!.notif,
    ).toHaveLength(2);
    expect(first(qc, 'u2')).toEqual({ notif: [], unread: 0, open: 0 });
  });

  it('places a push that arrives late where the server lists it', () => {
    const at = (id: string, created_on: string) => ({ ...note(id), created_on });
    const qc = client([at('c', '2026-11-22T00:00:03Z'), at('a', '2026-11-22T00:00:01Z')], 2);
    addNotification(qc, 'u1', at('b', '2026-11-22T00:00:02Z'));
    addNotification(qc, 'u1', at('d', '2026-11-22T00:00:03Z'));
    expect(first(qc).notif.map((n) => n.id)).toEqual(['d', 'c', 'b', 'a']);
    const all = qc.getQueryData<{ pages: NotificationPage[] }>(queryKeys.notificationsAll('u1'))!;
    expect(all.pages[0]!.notif.map((n) => n.id)).toEqual(['d', 'c', 'b', 'a']);
  });

  it('drops the count by one for a read, and to zero for mark all', () => {
    const qc = client([note('a'), note('b'), note('c', 'x')], 2);
    markReadInCache(qc, 'u1', note('a'));
    expect(first(qc).unread).toBe(1);
    expect(first(qc).notif[0]!.read_on).not.toBeNull();
    markReadInCache(qc, 'u1', note('c', 'x'));
    expect(first(qc).unread).toBe(1);
    markAllReadInCache(qc, 'u1');
    expect(first(qc).unread).toBe(0);
    expect(first(qc).notif.every((n) => n.read_on)).toBe(true);
  });
});
