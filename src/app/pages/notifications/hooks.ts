import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** Marks one read (the badge drops by one at once; a failed call refetches the truth). */
export function useMarkRead() {
  const qc = useQueryClient();
  const uid = useUid();
  return useMutation({
    mutationFn: (n: Notification) => markNotificationRead(n.id),
    onMutate: (n) => markReadInCache(qc, uid, n),
    onError: () => qc.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  const uid = useUid();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => markAllReadInCache(qc, uid),
    onError: () => qc.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

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
