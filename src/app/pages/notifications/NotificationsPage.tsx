import { useEffect } from 'react';
import { Button, H3, NonIdealState, Spinner } from '@blueprintjs/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../components/toaster';
import { queryKeys } from '../../realtime/query-keys';
import { fetchNotifications, loadMoreErrorMessage, PAGE_SIZE } from './api';
import { NotificationItem } from './NotificationItem';
import { useMarkAllRead, useOpenNotification, useUid } from './hooks';
import './notifications.css';

/** /notifications: every notification, 10 at a time with 'Load more'. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const uid = useUid();
  const pages = useInfiniteQuery({
    queryKey: queryKeys.notificationsAll(uid),
    queryFn: ({ pageParam }) => fetchNotifications(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.notif.length < PAGE_SIZE ? undefined : all.length + 1),
    enabled: !!uid,
  });
  const markAll = useMarkAllRead();
  const open = useOpenNotification();
  const failure = pages.isFetchNextPageError ? pages.error : null;
  useEffect(() => {
    const message = failure && loadMoreErrorMessage(failure);
    if (message) void toastError(message);
  }, [failure]);

  const items = pages.data?.pages.flatMap((p) => p.notif) ?? [];
  const unread = pages.data?.pages[0]?.unread ?? 0;
  return (
    <main className="notifications-page" data-testid="notifications-page">
      <header className="notifications-page-header">
        <H3>{t('NOTIFICATIONS.TITLE')}</H3>
        <Button variant="minimal" disabled={!unread} onClick={() => markAll.mutate()}>
          {t('NOTIFICATIONS.MARK_ALL')}
        </Button>
      </header>
      {pages.isLoading && <Spinner className="page-spinner" />}
      {!pages.isLoading && items.length === 0 && (
        <NonIdealState icon="notifications" title={t('NOTIFICATIONS.EMPTY')} />
      )}
      <ul className="notifications-list">
        {items.map((n) => (
          <NotificationItem key={n.id} n={n} onOpen={open} />
        ))}
      </ul>
      {pages.hasNextPage && (
        <div className="notifications-more">
          <Button loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            {t('NOTIFICATIONS.LOAD_MORE')}
          </Button>
        </div>
      )}
    </main>
  );
}
