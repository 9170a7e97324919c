import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
  type ILogger,
} from '@microsoft/signalr';
import { MAX_RECONNECTS, taskHubRetryPolicy } from './retry-policy';

/** The hub method on which the server pushes a new notification (src/server/notifications/deliver.ts). */
export const RECEIVE_NOTIFICATION = 'ReceiveNotification';
/** The hub method on which the server tells every page of the tenant that its apps changed (src/server/hub/hub.ts). */
export const APPS_CHANGED = 'AppsChanged';
/** The tenant's menu settings changed (src/server/menu-settings/index.ts): the sidebar and header menu refetch. */
export const MENU_CHANGED = 'MenuChanged';
/** Maintenance was switched for the tenant (src/server/maintenance/index.ts): the next call says whether it is on. */
export const MAINTENANCE_CHANGED = 'MaintenanceChanged';
/** A user's own record changed on another of their pages (src/server/records/index.ts): { module_id, record_id }. */
export const RECORDS_CHANGED = 'RecordsChanged';

/**
 * Warnings and errors to the console, except the one about a start cut short by our own stop (the page left the
 * signed-in shell, for instance a refused route, while the connection was negotiating): nothing went wrong there.
 */
const OUR_STOP = ['stopped during negotiation', 'before stop() was called'];
export const hubLogger: ILogger = {
  log(level, message) {
    if (level < LogLevel.Warning || OUR_STOP.some((m) => message.includes(m))) return;
    if (level >= LogLevel.Error) console.error(message);
    else console.warn(message);
  },
};

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
    .configureLogging(hubLogger)
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
