import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { PAGE_SIZE, type Notification, type NotificationPage } from './api';
import { queryKeys } from '../../realtime/query-keys';

type AllPages = InfiniteData<NotificationPage, number>;

const isPage = (d: unknown): d is NotificationPage =>
  !!d && Array.isArray((d as NotificationPage).notif) && typeof (d as NotificationPage).unread === 'number';
const isAllPages = (d: unknown): d is AllPages => !!d && Array.isArray((d as AllPages).pages);

/**
 * Applies a change to every cached list of the user's notifications: any ['notifications', …, uid] query holding a
 * page (the first page: the bell, the dropdown) or pages (/notifications). Keys carry the uid so that another user
 * signing in on the same tab never sees these.
 */
function updateLists(
  qc: QueryClient,
  uid: string,
  page: (p: NotificationPage) => NotificationPage,
  all: (a: AllPages) => AllPages,
) {
  qc.setQueriesData<unknown>(
    { predicate: (q) => q.queryKey[0] === 'notifications' && q.queryKey.includes(uid) },
    (d: unknown) => (isPage(d) ? page(d) : isAllPages(d) ? all(d) : d),
  );
}

/** The server's order: newest first, ties by id descending. */
const newerFirst = (a: Notification, b: Notification) =>
  a.created_on === b.created_on ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.created_on < b.created_on ? 1 : -1;

/**
 * A pushed notification: the badge and the lists show it at once, without a request. Pushes may arrive out of
 * order (several outbox workers), so it is placed where the server would list it.
 */
export function addNotification(qc: QueryClient, uid: string, n: Notification) {
  const add = n.read_on ? 0 : 1;
  updateLists(
    qc,
    uid,
    (p) =>
      p.notif.some((x) => x.id === n.id)
        ? p
        : { ...p, notif: [n, ...p.notif].sort(newerFirst).slice(0, PAGE_SIZE), unread: p.unread + add },
    (a) => {
      if (!a.pages.length || a.pages.some((p) => p.notif.some((x) => x.id === n.id))) return a;
      const [first, ...rest] = a.pages as [NotificationPage, ...NotificationPage[]];
      const notif = [n, ...first.notif].sort(newerFirst);
      return { ...a, pages: [{ ...first, notif, unread: first.unread + add }, ...rest] };
    },
  );
}

function patch(
  qc: QueryClient,
  uid: string,
  change: (n: Notification) => Notification,
  unread: (old: number) => number,
) {
  updateLists(
    qc,
    uid,
    (p) => ({ ...p, notif: p.notif.map(change), unread: unread(p.unread) }),
    (a) => ({ ...a, pages: a.pages.map((p) => ({ ...p, notif: p.notif.map(change), unread: unread(p.unread) })) }),
  );
}

/** Marks one as read in every cached list; the badge drops by one when it was unread. */
export function markReadInCache(qc: QueryClient, uid: string, n: Notification, readOn = new Date().toISOString()) {
  if (n.read_on) return;
  patch(
    qc,
    uid,
    (x) => (x.id === n.id ? { ...x, read_on: readOn } : x),
    (u) => Math.max(0, u - 1),
  );
  qc.setQueriesData<Notification>(
    { queryKey: queryKeys.notification(n.id) },
    (old) => old && { ...old, read_on: readOn },
  );
}

export function markAllReadInCache(qc: QueryClient, uid: string, readOn = new Date().toISOString()) {
  patch(
    qc,
    uid,
    (x) => (x.read_on ? x : { ...x, read_on: readOn }),
    () => 0,
  );
}
