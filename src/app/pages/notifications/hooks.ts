import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { queryKeys } from '../../realtime/query-keys';
import { configAtom } from '../../state/auth';
import { fetchNotifications, markAllNotificationsRead, markNotificationRead, type Notification } from './api';
import { markAllReadInCache, markReadInCache } from './cache';
import { notificationTarget } from './target';

export const useUid = () => useAtomValue(configAtom)?.userInfo?.uid ?? '';

/** The first page with the unread count: the bell's badge and the dropdown. Failures are silent (spec 8). */
export function useLatestNotifications() {
  const uid = useUid();
  return useQuery({
    queryKey: queryKeys.notificationsFirstPage(uid),
    queryFn: () => fetchNotifications(1),
    enabled: !!uid,
  });
}

export const useUnreadCount = () => useLatestNotifications().data?.unread ?? 0;

/**
 * A read, optimistic: lists being fetched right now are cancelled first (their answer may predate the read and
 * would put the count back), the cache is patched at once, and every list is fetched again once the server has it.
 */
function useReadMutation<V>(
  mutationFn: (v: V) => Promise<unknown>,
  patch: (qc: QueryClient, uid: string, v: V) => void,
) {
  const qc = useQueryClient();
  const uid = useUid();
  return useMutation({
    mutationFn,
    onMutate: async (v: V) => {
      await qc.cancelQueries({ queryKey: queryKeys.notificationsAny });
      patch(qc, uid, v);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.notificationsAny }),
  });
}

/** Marks one read (the badge drops by one at once). */
export const useMarkRead = () =>
  useReadMutation(
    (n: Notification) => markNotificationRead(n.id),
    (qc, uid, n) => markReadInCache(qc, uid, n),
  );

export const useMarkAllRead = () =>
  useReadMutation(
    () => markAllNotificationsRead(),
    (qc, uid) => markAllReadInCache(qc, uid),
  );

/** Clicking a notification: mark it read and open the record's editor (or the notification itself). */
export function useOpenNotification(after?: () => void) {
  const markRead = useMarkRead();
  const navigate = useNavigate();
  return (n: Notification) => {
    if (!n.read_on) markRead.mutate(n);
    after?.();
    navigate(notificationTarget(n) ?? `/notifications/${encodeURIComponent(n.id)}`);
  };
}
