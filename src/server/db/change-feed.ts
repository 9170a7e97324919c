import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { noteRemoteChange, onLocalChange, setCoherent } from './change-count.js';

export const CHANGE_CHANNEL = 'flowforms:changes';

/**
 * Carries "something changed" between nodes over Redis, so each node's change count moves when any node writes.
 * Changes in one turn of the event loop go out as one message. While the subscription is down the node reuses no
 * results (a change it misses would otherwise go unnoticed).
 */
export function startChangeFeed(url: string, log: FastifyBaseLogger): { node: string; close(): void } {
  const node = crypto.randomUUID();
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: false });
  setCoherent(false);
  sub.on('message', (_channel: string, from: string) => {
    if (from !== node) noteRemoteChange();
  });
  sub.on('ready', () => {
    sub.subscribe(CHANGE_CHANNEL).then(
      () => setCoherent(true),
      (err: unknown) => log.warn({ err }, 'change feed: subscribe failed'),
    );
  });
  sub.on('close', () => setCoherent(false));
  sub.on('error', () => setCoherent(false));
  let pending = false;
  let lastWarned = 0;
  const stopListening = onLocalChange(() => {
    if (pending) return;
    pending = true;
    setImmediate(() => {
      pending = false;
      pub.publish(CHANGE_CHANNEL, node).catch((err: unknown) => {
        // While Redis is away every turn with a change fails: say so once in a while, not every time.
        if (Date.now() - lastWarned < 10_000) return;
        lastWarned = Date.now();
        log.warn({ err }, 'change feed: publish failed');
      });
    });
  });
  return {
    node,
    close() {
      stopListening();
      pub.disconnect();
      sub.disconnect();
      setCoherent(true);
    },
  };
}
