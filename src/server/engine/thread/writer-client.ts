import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { noteChange, shareChangeCount } from '../../db/change-count.js';
import { WriteLock } from '../../db/write-lock.js';
import { HttpError } from '../../http/errors.js';
import type { TaskHub } from '../../hub/hub.js';
import type { OutboxRunner } from '../../outbox/worker.js';
import type { TransitionRunner } from '../transitions.js';
import type { Notice, Request, WriterData } from './protocol.js';

interface Pending {
  resolve(v: unknown): void;
  reject(e: unknown): void;
  /** Outbox passes answer only once the pushes they caused have been handed to the hub. */
  afterPushes: boolean;
}

/** Actions on the writer thread; `thread()` is the running thread, if any. */
export type WriterThreadTransitions = TransitionRunner & { thread(): Worker | undefined };

export interface WriterThread {
  transitions: WriterThreadTransitions;
  outbox: OutboxRunner;
}

export interface WriterThreadOptions {
  dataDir: string;
  writeLock: SharedArrayBuffer;
  smtpUrl?: string;
  mailFrom: string;
  secretKey?: string;
  hub: Pick<TaskHub, 'sendToUser'>;
  log: FastifyBaseLogger;
}

const RESTARTING = 'The workflow engine is restarting. Please try again.';

/**
 * The engine's writer thread (SQLite), seen from the main thread: workflow actions and outbox passes run there.
 * Started on first use; if it dies, the requests in flight fail with 503 (their transaction never committed: SQLite
 * rolls it back) and the next one starts it anew (with outbox delivery, if it had been started).
 */
export function writerThread(o: WriterThreadOptions): WriterThread {
  const changes = new SharedArrayBuffer(4);
  const unshare = shareChangeCount(changes);
  const lock = new WriteLock(o.writeLock, 0);
  const pending = new Map<number, Pending>();
  /** Pushes handed to the hub and not yet through. */
  const pushes = new Set<Promise<unknown>>();
  let nextId = 1;
  let worker: Worker | undefined;
  let closed = false;
  let outboxRunning = false;

  const settle = (n: Extract<Notice, { kind: 'reply' }>) => {
    const p = pending.get(n.id);
    if (!p) return;
    pending.delete(n.id);
    if (n.ok) {
      if (!p.afterPushes) return p.resolve(n.value);
      return void Promise.allSettled([...pushes]).then(() => p.resolve(n.value));
    }
    const { status, message, issues, stack } = n.error;
    const err = status ? new HttpError(status, message) : new Error(message);
    if (issues) (err as HttpError & { issues?: unknown }).issues = issues;
    if (!status && stack) err.stack = stack;
    p.reject(err);
  };

  const onNotices = (notices: Notice[]) => {
    // Whatever the thread committed is already counted through the shared count; this tells the listeners.
    noteChange();
    for (const n of notices) {
      if (n.kind === 'reply') settle(n);
      else if (n.kind === 'push') push(n);
      else o.log[n.level](n.obj, n.msg);
    }
  };
  const push = (n: Extract<Notice, { kind: 'push' }>) => {
    const p: Promise<unknown> = o.hub
      .sendToUser(n.tenantId, n.userId, n.method, n.args)
      .catch((err: unknown) => o.log.warn({ err }, 'pushing a notification failed'))
      .finally(() => pushes.delete(p));
    pushes.add(p);
  };

  const start = (): Worker | undefined => {
    if (worker || closed) return worker;
    const data: WriterData = {
      dataDir: o.dataDir,
      changes,
      writeLock: o.writeLock,
      smtpUrl: o.smtpUrl,
      mailFrom: o.mailFrom,
      secretKey: o.secretKey,
    };
    // The loader is registered by the boot module; profiling flags (--cpu-prof) carry over so benches see this thread.
    const execArgv = process.execArgv.filter((a) => a.startsWith('--cpu-prof'));
    const w = new Worker(new URL('./writer-boot.mjs', import.meta.url), { workerData: data, execArgv });
    worker = w;
    w.unref();
    w.on('message', onNotices);
    w.on('error', (err) => o.log.error({ err }, 'workflow engine thread failed'));
    w.on('exit', (code) => {
      if (worker === w) worker = undefined;
      // A thread that ended mid-transaction wrote nothing (SQLite rolls it back); its hold on the lock ends too.
      lock.releaseOther();
      if (code !== 0 && !closed) o.log.error({ code }, 'workflow engine thread stopped');
      for (const [id, p] of pending) {
        pending.delete(id);
        p.reject(new HttpError(503, RESTARTING));
      }
      if (outboxRunning && !closed) setTimeout(start, 100);
    });
    if (outboxRunning) w.postMessage({ kind: 'outbox', id: 0, op: 'start' } satisfies Request);
    return w;
  };

  const post = (req: Request) => worker?.postMessage(req);
  function call<T>(req: Request & { id: number }, afterPushes = false): Promise<T> {
    if (closed) return Promise.reject(new HttpError(503, RESTARTING));
    const w = start()!;
    return new Promise<T>((resolve, reject) => {
      // Parameters come from JSON, so they always copy; should one not, nothing is left waiting for an answer.
      w.postMessage(req);
      pending.set(req.id, { resolve: resolve as (v: unknown) => void, reject, afterPushes });
    });
  }

  const transitions: WriterThreadTransitions = {
    thread: () => worker,
    start: () => void start(),
    run: (name, tenantId, user, params) => call({ kind: 'action', id: nextId++, name, tenantId, user, params }),
    async close() {
      closed = true;
      const w = worker;
      if (!w) return unshare();
      const exited = new Promise((resolve) => w.once('exit', resolve));
      w.postMessage({ kind: 'close' } satisfies Request);
      // Requests in flight finish and answer first; a thread that does not stop in time is stopped.
      const timer = setTimeout(() => void w.terminate(), 10_000);
      await exited;
      clearTimeout(timer);
      unshare();
    },
  };

  const outbox: OutboxRunner = {
    start() {
      outboxRunning = true;
      if (worker) post({ kind: 'outbox', id: 0, op: 'start' });
      else start();
    },
    async stop() {
      outboxRunning = false;
      if (worker && !closed) await call({ kind: 'outbox', id: nextId++, op: 'stop' });
    },
    drain: () => call<number>({ kind: 'outbox', id: nextId++, op: 'drain' }, true),
  };

  return { transitions, outbox };
}
