import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { noteChange, shareChangeCount } from '../../db/change-count.js';
import { HttpError } from '../../http/errors.js';
import { WriteLock } from '../../db/write-lock.js';
import type { TransitionRunner } from '../transitions.js';
import type { Reply, Request, WriterData } from './protocol.js';

interface Pending {
  resolve(v: unknown): void;
  reject(e: unknown): void;
}

export interface WriterThreadTransitions extends TransitionRunner {
  /** Starts the thread now rather than on the first action. */
  start(): void;
  /** The running thread, if any. */
  thread(): Worker | undefined;
}

const RESTARTING = 'The workflow engine is restarting. Please try again.';

/**
 * Workflow actions run on the engine's writer thread (SQLite). Started on first use; if it dies, the actions in
 * flight fail with 503 (their transaction never committed: SQLite rolls it back) and the next one starts it anew.
 */
export function writerThreadTransitions(
  dataDir: string,
  writeLock: SharedArrayBuffer,
  log: FastifyBaseLogger,
): WriterThreadTransitions {
  const lock = new WriteLock(writeLock, 0);
  const buffer = new SharedArrayBuffer(4);
  const unshare = shareChangeCount(buffer);
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let worker: Worker | undefined;
  let closed = false;

  const settle = (r: Reply) => {
    const p = pending.get(r.id);
    if (!p) return;
    pending.delete(r.id);
    if (r.ok) return p.resolve(r.value);
    const { status, message, issues, stack } = r.error;
    if (status) {
      const err = new HttpError(status, message);
      if (issues) (err as HttpError & { issues?: unknown }).issues = issues;
      return p.reject(err);
    }
    const err = new Error(message);
    if (stack) err.stack = stack;
    p.reject(err);
  };

  const start = () => {
    if (worker || closed) return;
    const data: WriterData = { dataDir, changes: buffer, writeLock };
    // The loader is registered by the boot module; profiling flags (--cpu-prof) carry over so benches see this thread.
    const execArgv = process.execArgv.filter((a) => a.startsWith('--cpu-prof'));
    const w = new Worker(new URL('./writer-boot.mjs', import.meta.url), { workerData: data, execArgv });
    worker = w;
    w.unref();
    w.on('message', (replies: Reply[]) => {
      // The commit is already counted through the shared count; this tells the listeners (other nodes).
      noteChange();
      for (const r of replies) settle(r);
    });
    w.on('error', (err) => log.error({ err }, 'workflow engine thread failed'));
    w.on('exit', (code) => {
      if (worker === w) worker = undefined;
      // A thread that ended mid-transaction wrote nothing (SQLite rolls it back); its hold on the lock ends too.
      lock.releaseOther();
      if (code !== 0 && !closed) log.error({ code }, 'workflow engine thread stopped');
      for (const [id, p] of pending) {
        pending.delete(id);
        p.reject(new HttpError(503, RESTARTING));
      }
    });
  };

  return {
    start,
    thread: () => worker,
    run(name, tenantId, user, params) {
      if (closed) return Promise.reject(new HttpError(503, RESTARTING));
      start();
      const id = nextId++;
      const req: Request = { id, name, tenantId, user, params };
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject } as Pending);
        worker!.postMessage(req);
      });
    },
    async close() {
      closed = true;
      const w = worker;
      if (!w) return unshare();
      const exited = new Promise((resolve) => w.once('exit', resolve));
      w.postMessage({ close: true } satisfies Request);
      // Actions in flight finish and answer first; a thread that does not stop in time is stopped.
      const timer = setTimeout(() => void w.terminate(), 10_000);
      await exited;
      clearTimeout(timer);
      unshare();
    },
  };
}
