import os from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  arenaSide,
  createArena,
  freeSlot,
  fromArena,
  type AnswerRoom,
  type ArenaPlace,
  type ArenaSide,
} from './shaped-answer.mjs';

/** A plain JavaScript module (file URL) whose default export `(rows, options, columns) => answer` a reader runs. */
export interface ReaderShape {
  module: string;
  options: unknown;
}

interface Waiting {
  resolve(answer: unknown): void;
  reject(err: Error): void;
}

interface Reader {
  worker: Worker;
  waiting: Map<number, Waiting>;
  /** The memory the thread writes shaped answers into (db/shaped-answer.mjs). */
  arena: ArenaSide;
}

/** A thread's message: a job's rows (their bytes in a slot of its arena when `at` says which) or its error. */
interface Answer {
  id: number;
  rows?: unknown;
  at?: ArenaPlace;
  error?: { message: string; code?: string };
}

interface Job extends Waiting {
  id: number;
  message: unknown;
}

/**
 * Threads that answer selects outside any transaction beside the thread that serves HTTP, each with its own
 * connections: a statement's rows are read, decoded and (with `shape`) turned into the answer there, so a busy
 * server's one JavaScript thread only sends the result. Threads start on first use and are replaced if one dies.
 * SQLite (sqlite-readers.ts) and PostgreSQL (pg-reader.worker.mjs) each have their own thread script.
 *
 * A thread is handed a few statements at most; the rest wait here, first come first served, for whichever thread
 * finishes one. Bound to a thread when asked, half the statements asked during a long report would wait for it
 * while the other threads ran dry; and a thread that stops fails only the few it was handed.
 */
export class ReaderThreads {
  private readers: (Reader | undefined)[];
  private next = 0;
  private closed = false;
  /** Statements no thread has room for yet, oldest first (as many as requests in flight, so a shift is cheap). */
  private readonly queued: Job[] = [];

  /**
   * `capacity`: the most statements one thread is handed at once: those it runs at once and enough more to keep it
   * busy while the server's thread is slow to hand it the next (four left SQLite's threads idle: a fifth fewer pages).
   */
  constructor(
    private readonly script: URL,
    private readonly workerData: object,
    size = Math.max(1, Math.min(4, os.availableParallelism())),
    private readonly capacity = 12,
  ) {
    this.readers = Array.from({ length: size }, () => undefined);
  }

  /**
   * The rows of one compiled select, read on the least busy thread (or queued until one has room). `tenantId`: whose
   * rows (PostgreSQL labels the connection with it, for row-level security).
   */
  all<R>(sql: string, parameters: readonly unknown[], tenantId?: string): Promise<R[]> {
    return this.ask<R[]>(sql, parameters, undefined, tenantId);
  }

  /**
   * What the default export of `shape.module` (a plain JavaScript module, by file URL) makes of one select's rows on
   * a reader thread: it is given the rows as arrays, `shape.options` and the column names. The answer's `bytes`, if
   * any, come in memory shared with the thread or moved, never copied (db/shaped-answer.mjs); when their `room` has a
   * `release`, call it once they are no longer used.
   */
  shaped<A>(sql: string, parameters: readonly unknown[], shape: ReaderShape, tenantId?: string): Promise<A> {
    return this.ask<A>(sql, parameters, shape, tenantId);
  }

  private ask<T>(sql: string, parameters: readonly unknown[], shape?: ReaderShape, tenantId?: string): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the database is closed'));
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      const job = { id, message: { id, sql, parameters, shape, tenantId }, resolve, reject } as Job;
      const reader = this.leastBusy();
      if (reader.waiting.size < this.capacity && this.queued.length === 0) this.send(reader, job);
      else this.queued.push(job);
    });
  }

  private send(reader: Reader, job: Job) {
    reader.waiting.set(job.id, job);
    reader.worker.postMessage(job.message);
  }

  /** Hands queued statements to a thread with room, oldest first. */
  private pull(reader: Reader) {
    while (this.queued.length > 0 && reader.waiting.size < this.capacity) this.send(reader, this.queued.shift()!);
  }

  private leastBusy(): Reader {
    let best = 0;
    for (let i = 0; i < this.readers.length; i++) {
      const r = this.readers[i];
      if (!r) {
        best = i;
        break;
      }
      if (r.waiting.size < this.readers[best]!.waiting.size) best = i;
    }
    return (this.readers[best] ??= this.start(best));
  }

  private start(slot: number): Reader {
    const arena = createArena();
    const worker = new Worker(this.script, { workerData: { ...this.workerData, arena } });
    const reader: Reader = { worker, waiting: new Map(), arena: arenaSide(arena) };
    worker.unref();
    worker.on('message', (m: Answer) => {
      const w = reader.waiting.get(m.id);
      if (!w) {
        // An answer nobody waits for any more: its slot is free again at once.
        if (m.at) freeSlot(reader.arena, m.at.slot);
        return;
      }
      reader.waiting.delete(m.id);
      if (m.error) w.reject(Object.assign(new Error(m.error.message), { code: m.error.code }));
      else w.resolve(m.at ? fromArena(m.rows as { room: AnswerRoom }, reader.arena, m.at) : m.rows!);
      this.pull(reader);
    });
    const fail = (err: Error) => {
      for (const w of reader.waiting.values()) w.reject(err);
      reader.waiting.clear();
      if (this.readers[slot] !== reader) return;
      this.readers[slot] = undefined;
      // Statements still queued go to a new thread in its place.
      if (!this.closed && this.queued.length > 0) this.pull((this.readers[slot] = this.start(slot)));
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`a reader thread stopped (${code})`)));
    return reader;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queued.splice(0)) job.reject(new Error('the database is closed'));
    const running = this.readers.filter((r): r is Reader => !!r);
    this.readers = this.readers.map(() => undefined);
    await Promise.all(running.map((r) => r.worker.terminate()));
  }
}
