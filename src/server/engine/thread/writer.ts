import { parentPort, workerData } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../../db/database.js';
import { GroupCommitter } from '../../db/group-commit.js';
import { shareChangeCount } from '../../db/change-count.js';
import { HttpError } from '../../http/errors.js';
import { mailHandler } from '../../mail/mailer.js';
import { notificationHandler } from '../../notifications/deliver.js';
import { OutboxWorker } from '../../outbox/worker.js';
import { webhookFanout } from '../../webhooks/fanout.js';
import { automationEventQueue, bothListeners } from '../../automations/events.js';
import { WEBHOOK_OUTBOX_KIND } from '../../webhooks/events.js';
import { localTransitions } from '../transitions.js';
import { setOfferKey } from '../../lookups/offers.js';
import { secretKey } from '../../crypto/secrets.js';
import type { FailureData, Notice, Request, WriterData } from './protocol.js';

/**
 * The engine's writer thread (SQLite): runs workflow actions and outbox delivery on a connection of its own, sharing
 * commits, so statements and the commit's fsync keep off the thread that serves HTTP. Notices go back once per turn
 * of the event loop, which is when a shared commit answers all of its actions at once.
 */
const data = workerData as WriterData;
const port = parentPort!;
shareChangeCount(data.changes);
// Saves on this thread check remote lookups' signed items with the same key as the main thread.
setOfferKey(secretKey({ secretKey: data.secretKey, dataDir: data.dataDir }));
const db = openDatabase({ dataDir: data.dataDir, sqliteWriteLock: { buffer: data.writeLock, side: 1 } });
const group = new GroupCommitter(db.system);
const transitions = localTransitions(db, group);

let notices: Notice[] = [];
const send = (n: Notice) => {
  if (!notices.length) setImmediate(flush);
  notices.push(n);
};
function flush() {
  if (!notices.length) return;
  const out = notices;
  notices = [];
  port.postMessage(out);
}

/** Log records go to the main thread's logger. */
const errorData = (v: unknown) => (v instanceof Error ? { message: v.message, stack: v.stack } : v);
const logAt =
  (level: 'error' | 'warn' | 'info') =>
  (obj: unknown, msg?: string): void => {
    const o = typeof obj === 'object' && obj ? { ...(obj as Record<string, unknown>) } : { value: obj };
    if ('err' in o) o.err = errorData(o.err);
    send({ kind: 'log', level, obj: o, msg: msg ?? '' });
  };
const noop = () => {};
const log = {
  level: 'info',
  fatal: logAt('error'),
  error: logAt('error'),
  warn: logAt('warn'),
  info: logAt('info'),
  debug: noop,
  trace: noop,
  silent: noop,
  child: () => log,
} as unknown as FastifyBaseLogger;

const mail = mailHandler(data.smtpUrl, data.mailFrom, log);
const outbox = new OutboxWorker(
  db,
  {
    mail: mail.handler,
    notification: notificationHandler({
      sendToUser: async (tenantId, userId, method, args) => send({ kind: 'push', tenantId, userId, method, args }),
    }),
    [WEBHOOK_OUTBOX_KIND]: bothListeners(webhookFanout(), automationEventQueue(db.system)),
  },
  log,
  { group },
);

const failure = (err: unknown): FailureData =>
  err instanceof HttpError
    ? { status: err.statusCode, message: err.message, issues: (err as HttpError & { issues?: unknown }).issues }
    : {
        message: err instanceof Error ? err.message : String(err),
        stack: err instanceof Error ? err.stack : undefined,
      };

/** Runs work for request `id` and replies with its outcome. */
let inFlight = 0;
function answer(id: number, work: Promise<unknown>) {
  inFlight++;
  work
    .then(
      (value) => send({ kind: 'reply', id, ok: true, value }),
      (err: unknown) => send({ kind: 'reply', id, ok: false, error: failure(err) }),
    )
    .finally(() => {
      inFlight--;
      void closeWhenIdle();
    });
}

let closing = false;
async function closeWhenIdle() {
  if (!closing || inFlight) return;
  closing = false;
  await outbox.stop();
  flush();
  mail.close();
  await db.close();
  port.close();
}

port.on('message', (m: Request) => {
  switch (m.kind) {
    case 'action':
      return answer(m.id, transitions.run(m.name, m.tenantId, m.user, m.params));
    case 'outbox':
      if (m.op === 'start') outbox.start();
      return answer(m.id, m.op === 'drain' ? outbox.drain() : m.op === 'stop' ? outbox.stop() : Promise.resolve());
    case 'close':
      closing = true;
      return void closeWhenIdle();
  }
});
