import { useState } from 'react';
import { Button, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNotifications } from './api';
import { ShellPopover } from './ShellPopover';

/**
 * The topbar bell: unread badge (GET /api/Notification?page=1&lenght=10, raised at once by pushed notifications,
 * see realtime/) and the notifications feature's dropdown.
 */
export function TopbarNotifications() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const q = useNotifications();
  const unread = q.data?.unread ?? 0;
  return (
    <ShellPopover
      isOpen={open}
      onInteraction={setOpen}
      content={(m) => <m.NotificationsDropdown onClose={() => setOpen(false)} />}
      placement="bottom-end"
      popoverClassName="notif-popover"
    >
      <Button
        variant="minimal"
        icon="notifications"
        aria-label={t('SHELL.NOTIFICATIONS.BELL', { count: unread })}
        className="topbar-bell"
      >
        {unread > 0 && (
          <Tag round intent={Intent.DANGER} className="bell-badge" data-testid="unread-badge">
            {unread > 99 ? '99+' : unread}
          </Tag>
        )}
      </Button>
    </ShellPopover>
  );
}
