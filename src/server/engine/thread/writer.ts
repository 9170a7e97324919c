import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/database.js';
import { GroupCommitter } from '../../db/group-commit.js';
import { shareChangeCount } from '../../db/change-count.js';
import { HttpError } from '../../http/errors.js';
import { localTransitions } from '../transitions.js';
import type { FailureData, Reply, Request, WriterData } from './protocol.js';

/**
 * The engine's writer thread (SQLite): runs workflow actions on a connection of its own, sharing commits, so the
 * statements and the commit's fsync keep off the thread that serves HTTP. Replies go back once per turn of the
 * event loop, which is when a shared commit answers all of its actions at once.
 */
const data = workerData as WriterData;
const port = parentPort!;
shareChangeCount(data.changes);
const db = openDatabase({ dataDir: data.dataDir, sqliteWriteLock: { buffer: data.writeLock, side: 1 } });
const transitions = localTransitions(db, new GroupCommitter(db.system));

let replies: Reply[] = [];
const send = (r: Reply) => {
  if (!replies.length) setImmediate(() => replies.length && flush());
  replies.push(r);
};
const flush = () => {
  const out = replies;
  replies = [];
  port.postMessage(out);
};

const failure = (err: unknown): FailureData =>
  err instanceof HttpError
    ? { status: err.statusCode, message: err.message, issues: (err as HttpError & { issues?: unknown }).issues }
    : {
        message: err instanceof Error ? err.message : String(err),
        stack: err instanceof Error ? err.stack : undefined,
      };

let inFlight = 0;
let closing = false;
const closeWhenIdle = async () => {
  if (!closing || inFlight) return;
  if (replies.length) flush();
  await db.close();
  port.close();
};

port.on('message', (m: Request) => {
  if ('close' in m) {
    closing = true;
    void closeWhenIdle();
    return;
  }
  inFlight++;
  transitions
    .run(m.name, m.tenantId, m.user, m.params)
    .then(
      (value) => send({ id: m.id, ok: true, value }),
      (err: unknown) => send({ id: m.id, ok: false, error: failure(err) }),
    )
    .finally(() => {
      inFlight--;
      void closeWhenIdle();
    });
});
