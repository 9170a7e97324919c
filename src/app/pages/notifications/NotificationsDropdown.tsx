import { Button, Classes, Spinner, Text } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NotificationItem } from './NotificationItem';
import { useLatestNotifications, useMarkAllRead, useOpenNotification } from './hooks';
import './notifications.css';

/**
 * The bell's dropdown: the latest notifications (at most 300 px tall, scrolling), 'Mark all as read' and a
 * 'Show all' link. `onClose` lets the host popover close when the user leaves for another page.
 */
export function NotificationsDropdown({ onClose }: { onClose?: () => void }) {
  const { t } = useTranslation();
  const list = useLatestNotifications();
  const markAll = useMarkAllRead();
  const open = useOpenNotification(onClose);
  const items = list.data?.notif ?? [];
  return (
    <div className="notifications-dropdown" data-testid="notifications-dropdown">
      <div className="notifications-dropdown-header">
        <Text className={Classes.HEADING}>{t('NOTIFICATIONS.TITLE')}</Text>
        <Button variant="minimal" size="small" disabled={!list.data?.unread} onClick={() => markAll.mutate()}>
          {t('NOTIFICATIONS.MARK_ALL')}
        </Button>
      </div>
      <ul className="notifications-list">
        {list.isLoading && <Spinner size={20} />}
        {!list.isLoading && items.length === 0 && <li className="notifications-empty">{t('NOTIFICATIONS.EMPTY')}</li>}
        {items.map((n) => (
          <NotificationItem key={n.id} n={n} onOpen={open} />
        ))}
      </ul>
      <Link className="notifications-show-all" to="/notifications" onClick={onClose}>
        {t('NOTIFICATIONS.SHOW_ALL')}
      </Link>
    </div>
  );
}
