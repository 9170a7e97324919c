import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
} from '@microsoft/signalr';
import { MAX_RECONNECTS, taskHubRetryPolicy } from './retry-policy';

/** The hub method on which the server pushes a new notification (src/server/notifications/deliver.ts). */
export const RECEIVE_NOTIFICATION = 'ReceiveNotification';

/**
 * One connection to /TaskHub for the signed-in user over WebSockets. The token factory is read at every
 * (re)connect, so a refreshed access token is used after a drop.
 */
export function createTaskHub(userId: string, accessToken: () => string): HubConnection {
  return new HubConnectionBuilder()
    .withUrl(`/TaskHub?userId=${encodeURIComponent(userId)}`, {
      accessTokenFactory: accessToken,
      transport: HttpTransportType.WebSockets,
    })
    .withAutomaticReconnect(taskHubRetryPolicy)
    .configureLogging(LogLevel.Warning)
    .build();
}

/**
 * Starts the connection; a failed first start is retried on the same schedule as a lost connection (the client's
 * own reconnect only covers connections that were once up). Returns a function that stops it for good.
 */
export function runTaskHub(conn: HubConnection): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = (n: number) => {
    conn.start().catch(() => {
      if (stopped || conn.state !== HubConnectionState.Disconnected) return;
      const delay = taskHubRetryPolicy.nextRetryDelayInMilliseconds({
        previousRetryCount: n,
        elapsedMilliseconds: 0,
        retryReason: new Error('start failed'),
      });
      if (delay !== null && n < MAX_RECONNECTS) timer = setTimeout(() => attempt(n + 1), delay);
    });
  };
  attempt(0);
  return () => {
    stopped = true;
    clearTimeout(timer);
    void conn.stop();
  };
}
