import { Redis } from 'ioredis';

/**
 * What crosses between nodes: the routing key of one user of one tenant and the SignalR frame for their sockets,
 * serialized once by the sender. A receiving node looks the key up and writes the frame bytes unchanged, so
 * messages for users it does not hold are dropped without being parsed.
 */
export type BusHandler = (key: string, bytes: Buffer, frameStart: number) => void;

export interface HubBus {
  publish(key: string, frame: string): Promise<void>;
  subscribe(handler: BusHandler): Promise<void>;
  close(): Promise<void>;
}

/** The routing key: JSON keeps it exact and unambiguous whatever the ids contain (no raw newline can appear). */
export const busKey = (tenantId: string, userId: string): string => JSON.stringify([tenantId, userId]);
/** The key of messages for every connection of a tenant. */
export const tenantBusKey = (tenantId: string): string => JSON.stringify([tenantId]);

export const HUB_CHANNEL = 'flowforms:hub';
const NL = 0x0a;

/** A Redis packet: `<key>\n<frame>`. */
export const busPacket = (key: string, frame: string): string => `${key}\n${frame}`;

/** Hands a Redis packet to the handler; anything else (another version, garbage) is dropped. */
function dispatch(packet: Buffer, handler: BusHandler) {
  const nl = packet.indexOf(NL);
  if (nl < 2 || packet[0] !== 0x5b /* [ */ || nl === packet.length - 1) return;
  handler(packet.toString('utf8', 0, nl), packet, nl + 1);
}

/** Single node: messages go straight to this process's connections. */
export function inProcessBus(): HubBus {
  const handlers: BusHandler[] = [];
  return {
    async publish(key, frame) {
      const bytes = Buffer.from(frame);
      for (const h of handlers) h(key, bytes, 0);
    },
    async subscribe(handler) {
      handlers.push(handler);
    },
    async close() {},
  };
}

/**
 * Several nodes: every message is published once to Redis and each node delivers it to the connections it holds.
 * One channel keeps subscription cost flat however many users are online. Publishes issued in the same tick go
 * out in one write (auto-pipelining); the subscriber takes raw buffers so nothing is decoded that is not needed.
 */
export function redisBus(url: string): HubBus {
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3, enableAutoPipelining: true });
  // No ready check: its INFO would race a subscribe sent at connect and fail once the connection is subscribed.
  const sub = new Redis(url, { lazyConnect: false, enableReadyCheck: false });
  return {
    async publish(key, frame) {
      await pub.publish(HUB_CHANNEL, busPacket(key, frame));
    },
    async subscribe(handler) {
      sub.on('messageBuffer', (_channel: Buffer, packet: Buffer) => dispatch(packet, handler));
      await sub.subscribe(HUB_CHANNEL);
    },
    async close() {
      pub.disconnect();
      sub.disconnect();
    },
  };
}
