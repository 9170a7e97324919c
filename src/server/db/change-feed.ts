import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { noteRemoteChange, onLocalChange, setCoherent } from './change-count.js';

export const CHANGE_CHANNEL = 'flowforms:changes';
/** Named notes for other nodes (e.g. "these sessions ended"), as `<node>\n<topic>\n<message>`. */
export const NOTE_CHANNEL = 'flowforms:notes';

type NoteListener = (message: string) => void;
const noteListeners = new Map<string, Set<NoteListener>>();
const resetListeners = new Set<() => void>();
/** The publishers of this process's running feeds (none without REDIS_URL). */
const notePublishers = new Set<(topic: string, message: string) => void>();

/** Hears the notes of one topic, from this process and (through the feed) from other nodes. */
export function onNote(topic: string, fn: NoteListener): () => void {
  let set = noteListeners.get(topic);
  if (!set) noteListeners.set(topic, (set = new Set()));
  set.add(fn);
  return () => void set.delete(fn);
}

/**
 * Hears when notes may have been missed: the feed's subscription (re)started, so whatever was said while it was
 * down went unheard. Listeners drop what they keep on the strength of notes.
 */
export function onNotesReset(fn: () => void): () => void {
  resetListeners.add(fn);
  return () => void resetListeners.delete(fn);
}

const hear = (topic: string, message: string) => {
  for (const fn of noteListeners.get(topic) ?? []) fn(message);
};

/** Tells this process at once, and every other node through Redis when a feed runs. */
export function publishNote(topic: string, message: string): void {
  hear(topic, message);
  for (const publish of notePublishers) publish(topic, message);
}

/**
 * Carries "something changed" between nodes over Redis, so each node's change count moves when any node writes.
 * Changes in one turn of the event loop go out as one message. While the subscription is down the node reuses no
 * results (a change it misses would otherwise go unnoticed).
 */
export function startChangeFeed(url: string, log: FastifyBaseLogger): { node: string; close(): void } {
  const node = crypto.randomUUID();
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  // No ready check: its INFO would race a subscribe sent at connect and fail once the connection is subscribed.
  const sub = new Redis(url, { lazyConnect: false, enableReadyCheck: false });
  setCoherent(false);
  sub.on('message', (channel: string, text: string) => {
    if (channel === NOTE_CHANNEL) {
      const [from, topic, ...rest] = text.split('\n');
      if (from !== node && topic) hear(topic, rest.join('\n'));
      return;
    }
    if (text !== node) noteRemoteChange();
  });
  sub.on('ready', () => {
    sub.subscribe(CHANGE_CHANNEL, NOTE_CHANNEL).then(
      () => {
        for (const fn of resetListeners) fn();
        setCoherent(true);
      },
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
  const publishOne = (topic: string, message: string) => {
    pub.publish(NOTE_CHANNEL, `${node}\n${topic}\n${message}`).catch((err: unknown) => {
      log.warn({ err, topic }, 'change feed: note not sent');
    });
  };
  notePublishers.add(publishOne);
  return {
    node,
    close() {
      notePublishers.delete(publishOne);
      stopListening();
      pub.disconnect();
      sub.disconnect();
      setCoherent(true);
    },
  };
}
