import { Classes, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Notification } from './api';
import { isOverdue } from './target';
import { timeAgo } from './time';
import { useFormatDate } from '../../shell/dates';

/** One notification: bold on a tinted background while unread; its time is a warning when unread for over a day. */
export function NotificationItem({ n, onOpen }: { n: Notification; onOpen: (n: Notification) => void }) {
  const { i18n } = useTranslation();
  const fmt = useFormatDate();
  const overdue = isOverdue(n);
  return (
    <li>
      <button
        type="button"
        className={`notification-item${n.read_on ? '' : ' notification-unread'}`}
        data-unread={n.read_on ? undefined : 'true'}
        onClick={() => onOpen(n)}
      >
        <span className="notification-content">{n.notification_content}</span>
        <Tag
          minimal
          round
          intent={overdue ? Intent.WARNING : Intent.NONE}
          className={overdue ? 'notification-time-warning' : Classes.TEXT_MUTED}
          title={fmt(n.created_on, true)}
        >
          {timeAgo(n.created_on, i18n.language)}
        </Tag>
      </button>
    </li>
  );
}
