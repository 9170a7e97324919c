import crypto from 'node:crypto';
import type { WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import { busKey, tenantBusKey, type HubBus } from './bus.js';
import { frame, isHandshake, MessageType, parseRecords, PING_FRAME, type HubMessage } from './protocol.js';

const OPEN = 1; // WebSocket.OPEN
const PING_INTERVAL_MS = 15_000;
/** The keep-alive sweep runs this often and pings at most PINGS_PER_TICK sockets, so pings never come in a burst. */
const KEEPALIVE_TICK_MS = 1_000;
const PINGS_PER_TICK = 1_000;
const CLIENT_TIMEOUT_MS = 30_000;
const HANDSHAKE_TIMEOUT_MS = 15_000;

interface Connection {
  id: string;
  key: string;
  /** The bus key of its tenant: messages for everyone of the tenant. */
  tenantKey: string;
  socket: WebSocket;
  lastSeen: number;
  /** When the server last wrote to it: a socket that just got a message needs no ping. */
  lastSent: number;
}

/** The hub method telling every page of a tenant that its apps changed (published, renamed, regrouped, deleted). */
export const HUB_APPS_CHANGED = 'AppsChanged';

/** The hub method telling a user's pages that one of their own records changed: { module_id, record_id }. */
export const HUB_RECORDS_CHANGED = 'RecordsChanged';

/** Server frames are text; compression is off for the hub, so ws writes the bytes as they are. */
const TEXT_FRAME = { binary: false, compress: false, fin: true } as const;
const PING_BYTES = Buffer.from(PING_FRAME);

/**
 * The task hub: holds this node's WebSocket connections by tenant and user, and delivers messages that arrive on
 * the bus (from this node or, through Redis, from any other) to the connections of their user.
 */
export class TaskHub {
  private byUser = new Map<string, Set<Connection>>();
  private byTenant = new Map<string, Set<Connection>>();
  private timer?: NodeJS.Timeout;
  private count = 0;

  constructor(
    private readonly bus: HubBus,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    await this.bus.subscribe((key, bytes, start) => this.deliver(key, bytes, start));
    this.timer = setInterval(() => this.keepAlive(), KEEPALIVE_TICK_MS).unref();
  }

  get connections(): number {
    return this.count;
  }

  /** Sends an invocation to every connection of one user of one tenant, on whichever node it is held. */
  sendToUser(tenantId: string, userId: string, target: string, args: unknown[]): Promise<void> {
    return this.bus.publish(busKey(tenantId, userId), frame({ type: MessageType.Invocation, target, arguments: args }));
  }

  /** Sends an invocation to every connection of a tenant (a change everyone's menus show, such as a published app). */
  sendToTenant(tenantId: string, target: string, args: unknown[]): Promise<void> {
    return this.bus.publish(tenantBusKey(tenantId), frame({ type: MessageType.Invocation, target, arguments: args }));
  }

  /**
   * The hot path: the frame was serialized once by the sending node; a user not held here costs one map lookup,
   * and the bytes go to the sockets unchanged (a view, not a copy).
   */
  private deliver(key: string, bytes: Buffer, start: number) {
    const conns = this.byUser.get(key) ?? this.byTenant.get(key);
    if (!conns) return;
    const data = start ? bytes.subarray(start) : bytes;
    const now = Date.now();
    for (const c of conns) {
      if (c.socket.readyState !== OPEN) continue;
      c.socket.send(data, TEXT_FRAME);
      c.lastSent = now;
    }
  }

  /** Takes over a freshly upgraded socket of an authenticated user. */
  accept(socket: WebSocket, tenantId: string, userId: string): void {
    const at = Date.now();
    const conn: Connection = {
      id: crypto.randomUUID(),
      key: busKey(tenantId, userId),
      tenantKey: tenantBusKey(tenantId),
      socket,
      lastSeen: at,
      lastSent: at,
    };
    let handshaken = false;
    let buffer = '';
    const handshakeTimer = setTimeout(() => {
      if (!handshaken) socket.close(1002, 'handshake timeout');
    }, HANDSHAKE_TIMEOUT_MS);

    socket.on('message', (data, isBinary) => {
      conn.lastSeen = Date.now();
      if (isBinary) {
        socket.close(1003, 'binary frames are not supported by the JSON protocol');
        return;
      }
      buffer += data.toString();
      let records: unknown[];
      try {
        ({ records, rest: buffer } = parseRecords(buffer));
      } catch {
        socket.send(frame({ type: MessageType.Close, error: 'Malformed message', allowReconnect: false }));
        socket.close(1002);
        return;
      }
      for (const r of records) {
        if (!handshaken) {
          if (!isHandshake(r) || r.protocol !== 'json') {
            socket.send(frame({ error: 'The server supports only the json protocol, version 1.' }));
            socket.close(1002);
            return;
          }
          handshaken = true;
          clearTimeout(handshakeTimer);
          socket.send(frame({}));
          this.register(conn);
          continue;
        }
        this.onMessage(conn, r as HubMessage);
      }
    });
    socket.on('close', () => {
      clearTimeout(handshakeTimer);
      if (handshaken) this.unregister(conn);
    });
    socket.on('error', (err) => this.log.debug({ err }, 'hub socket error'));
  }

  private onMessage(conn: Connection, m: HubMessage) {
    if (m.type === MessageType.Ping) return;
    if (m.type === MessageType.Close) {
      conn.socket.close(1000);
      return;
    }
    if (m.type === MessageType.Invocation) {
      const id = m.invocationId;
      const target = m.target.toLowerCase();
      if (!id) return; // fire-and-forget invocations of unknown methods are ignored
      if (target === 'getconnectionid') {
        conn.socket.send(frame({ type: MessageType.Completion, invocationId: id, result: conn.id }));
      } else {
        conn.socket.send(
          frame({ type: MessageType.Completion, invocationId: id, error: `Unknown hub method '${m.target}'` }),
        );
      }
    }
  }

  private register(conn: Connection) {
    for (const [map, key] of [
      [this.byUser, conn.key],
      [this.byTenant, conn.tenantKey],
    ] as const) {
      let set = map.get(key);
      if (!set) map.set(key, (set = new Set()));
      set.add(conn);
    }
    this.count++;
  }

  private unregister(conn: Connection) {
    const set = this.byUser.get(conn.key);
    if (!set?.delete(conn)) return;
    this.count--;
    if (!set.size) this.byUser.delete(conn.key);
    const tenant = this.byTenant.get(conn.tenantKey);
    tenant?.delete(conn);
    if (tenant && !tenant.size) this.byTenant.delete(conn.tenantKey);
  }

  /**
   * Drops sockets silent for longer than the client timeout and pings those the server has not written to for a
   * ping interval (SignalR keep-alive). Writing 10,000 pings at once would stall delivery for a noticeable time, so
   * each tick sends a bounded number; a socket whose ping waits a tick is still far within the client's timeout.
   */
  private keepAlive() {
    const now = Date.now();
    let pings = 0;
    for (const set of this.byUser.values()) {
      for (const c of set) {
        if (now - c.lastSeen > CLIENT_TIMEOUT_MS) c.socket.terminate();
        else if (pings < PINGS_PER_TICK && now - c.lastSent >= PING_INTERVAL_MS && c.socket.readyState === OPEN) {
          c.socket.send(PING_BYTES, TEXT_FRAME);
          c.lastSent = now;
          pings++;
        }
      }
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    for (const set of this.byUser.values())
      for (const c of set) {
        c.socket.send(frame({ type: MessageType.Close, allowReconnect: true }));
        c.socket.close(1001);
      }
    await this.bus.close();
  }
}
