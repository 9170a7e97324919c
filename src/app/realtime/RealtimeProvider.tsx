import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { toast } from '../components/toaster';
import { authStore, authTokenAtom, configAtom } from '../state/auth';
import type { Notification } from '../pages/notifications/api';
import { addNotification } from '../pages/notifications/cache';
import { APPS_KEYS, keysTouchedBy, queryKeys } from './query-keys';
import {
  APPS_CHANGED,
  createTaskHub,
  MAINTENANCE_CHANGED,
  MENU_CHANGED,
  RECEIVE_NOTIFICATION,
  RECORDS_CHANGED,
  runTaskHub,
} from './task-hub';

/** Spec section 9: the message about a notification shows 7.5 s after it arrives. */
export const NOTIFICATION_DELAY_MS = 7500;

/**
 * Holds the task hub connection while a user is signed in (it stops on sign-out or when the user changes). A
 * pushed notification raises the badge at once; 7.5 s later its text is shown and what it touched is refetched. A
 * change to the tenant's apps refreshes the sidebar tree and app lists at once.
 */
export function RealtimeProvider() {
  const qc = useQueryClient();
  const signedIn = useAtomValue(authTokenAtom) !== null;
  const userId = useAtomValue(configAtom)?.userInfo?.uid;

  useEffect(() => {
    if (!signedIn || !userId) return;
    const conn = createTaskHub(userId, () => authStore.get(authTokenAtom)?.token ?? '');
    const timers = new Set<ReturnType<typeof setTimeout>>();
    conn.on(RECEIVE_NOTIFICATION, (n: Notification) => {
      addNotification(qc, userId, n);
      const timer = setTimeout(() => {
        timers.delete(timer);
        void toast(n.notification_content);
        for (const queryKey of keysTouchedBy(n)) void qc.invalidateQueries({ queryKey });
      }, NOTIFICATION_DELAY_MS);
      timers.add(timer);
    });
    // A published, renamed or deleted app: the menus and app lists show it at once (no message to wait for).
    conn.on(APPS_CHANGED, () => {
      for (const queryKey of APPS_KEYS) void qc.invalidateQueries({ queryKey });
    });
    // The organisation's menu settings were saved: every open page shows the new menu at once. Maintenance switched
    // on: the refetch answers 503 and the API client sends the page to /maintenance (api/client.ts).
    const menuChanged = () => void qc.invalidateQueries({ queryKey: [...queryKeys.menu, 'sidebar'] });
    conn.on(MENU_CHANGED, menuChanged);
    conn.on(MAINTENANCE_CHANGED, menuChanged);
    // The user's own change from another tab: nothing to read about, so the lists refresh at once.
    conn.on(RECORDS_CHANGED, (n: { module_id: string; record_id: string }) => {
      for (const queryKey of keysTouchedBy(n)) void qc.invalidateQueries({ queryKey });
    });
    const stop = runTaskHub(conn);
    return () => {
      for (const t of timers) clearTimeout(t);
      stop();
    };
  }, [qc, signedIn, userId]);

  return null;
}
