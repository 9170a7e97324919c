import { Redis } from 'ioredis';

/** One message for one user of one tenant, as carried between server nodes. */
export interface HubEnvelope {
  tenantId: string;
  userId: string;
  target: string;
  args: unknown[];
}

export interface HubBus {
  publish(msg: HubEnvelope): Promise<void>;
  subscribe(handler: (msg: HubEnvelope) => void): Promise<void>;
  close(): Promise<void>;
}

/** Single node: messages go straight to this process's connections. */
export function inProcessBus(): HubBus {
  const handlers: Array<(m: HubEnvelope) => void> = [];
  return {
    async publish(msg) {
      for (const h of handlers) h(msg);
    },
    async subscribe(handler) {
      handlers.push(handler);
    },
    async close() {},
  };
}

const CHANNEL = 'flowforms:hub';

/**
 * Several nodes: every message is published once to Redis and each node delivers it to the connections it holds.
 * One channel keeps subscription cost flat however many users are online.
 */
export function redisBus(url: string): HubBus {
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: false });
  return {
    async publish(msg) {
      await pub.publish(CHANNEL, JSON.stringify(msg));
    },
    async subscribe(handler) {
      sub.on('message', (_channel: string, payload: string) => {
        try {
          handler(JSON.parse(payload) as HubEnvelope);
        } catch {
          /* a malformed message from another node is dropped */
        }
      });
      await sub.subscribe(CHANNEL);
    },
    async close() {
      pub.disconnect();
      sub.disconnect();
    },
  };
}
