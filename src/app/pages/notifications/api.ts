import axios, { type AxiosResponse } from 'axios';
import { api, type Envelope } from '../../api/client';

/** Shapes from the server's route schemas (one definition, types derived). */
export type { NotificationView as Notification, NotificationPage } from '../../../server/notifications/schemas';
import type { NotificationPage, NotificationView, Updated } from '../../../server/notifications/schemas';

export const PAGE_SIZE = 10;

/** An answer with success false: its message is the server's own words. */
export class ServerRefusal extends Error {}

async function unwrap<T>(p: Promise<AxiosResponse<Envelope<T>>>): Promise<T> {
  const res = await p;
  if (!res.data?.success) throw new ServerRefusal(res.data?.message || 'Failed to process query.');
  return res.data.data as T;
}

// 'lenght' is the spec's own spelling of the page-size parameter.
export const fetchNotifications = (page: number) =>
  unwrap<NotificationPage>(api.get('/Notification', { params: { page, lenght: PAGE_SIZE } }));
export const fetchNotification = (id: string) =>
  unwrap<NotificationView>(api.get(`/Notification/${encodeURIComponent(id)}`));
export const markNotificationRead = (id: string) => unwrap<Updated>(api.post('/Notification/read', { id }));
export const markAllNotificationsRead = () => unwrap<Updated>(api.post('/Notification/MarkAllAsRead', {}));

/**
 * Spec section 8, loading more notifications: a success-false answer shows the server's message, a network error
 * its error message; any other failure is silent (null), and a cancelled request is only logged.
 */
export function loadMoreErrorMessage(err: unknown): string | null {
  if (err instanceof ServerRefusal) return err.message;
  if (axios.isCancel(err)) {
    console.info('notification request cancelled');
    return null;
  }
  if (axios.isAxiosError(err)) {
    const body = err.response?.data as Partial<Envelope> | undefined;
    if (body && body.success === false && body.message) return body.message;
    if (!err.response && err.code === 'ERR_NETWORK') return err.message;
  }
  return null;
}
