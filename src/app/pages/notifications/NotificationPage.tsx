import { useEffect } from 'react';
import { Button, Card, H3, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { queryKeys } from '../../realtime/query-keys';
import { fetchNotification } from './api';
import { useMarkRead } from './hooks';
import { notificationTarget } from './target';
import { timeAgo } from './time';
import { useFormatDate } from '../../shell/dates';
import './notifications.css';

/** /notifications/:id: one notification, marked read when shown. */
export function NotificationPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const fmt = useFormatDate();
  const navigate = useNavigate();
  const one = useQuery({ queryKey: queryKeys.notification(id), queryFn: () => fetchNotification(id), retry: false });
  const markRead = useMarkRead();
  const n = one.data;
  const { mutate } = markRead;
  useEffect(() => {
    if (n && !n.read_on) mutate(n);
  }, [n, mutate]);

  if (one.isLoading) return <Spinner className="page-spinner" />;
  const target = n && notificationTarget(n);
  return (
    <main className="notifications-page" data-testid="notification-page">
      <p>
        <Link to="/notifications">{t('NOTIFICATIONS.BACK')}</Link>
      </p>
      {!n ? (
        <NonIdealState icon="notifications" title={t('NOTIFICATIONS.NOT_FOUND')} />
      ) : (
        <Card elevation={1}>
          <H3>{n.notification_content}</H3>
          <p>
            <Tag minimal title={fmt(n.created_on, true)}>
              {timeAgo(n.created_on, i18n.language)}
            </Tag>{' '}
            <time dateTime={n.created_on}>{fmt(n.created_on, true)}</time>
          </p>
          {target && (
            <Button intent="primary" onClick={() => navigate(target)}>
              {t('NOTIFICATIONS.OPEN')}
            </Button>
          )}
        </Card>
      )}
    </main>
  );
}
