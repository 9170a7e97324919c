import os from 'node:os';
import { Worker } from 'node:worker_threads';

/** A plain JavaScript module (file URL) whose default export `(rows, options, columns) => answer` a reader runs. */
export interface ReaderShape {
  module: string;
  options: unknown;
}

interface Waiting {
  resolve(rows: unknown[]): void;
  reject(err: Error): void;
}

interface Reader {
  worker: Worker;
  waiting: Map<number, Waiting>;
}

/**
 * Threads that answer selects outside any transaction beside the thread that serves HTTP, each with its own
 * connections: a statement's rows are read, decoded and (with `shape`) turned into the answer there, so a busy
 * server's one JavaScript thread only sends the result. Threads start on first use and are replaced if one dies.
 * SQLite (sqlite-readers.ts) and PostgreSQL (pg-reader.worker.mjs) each have their own thread script.
 */
export class ReaderThreads {
  private readers: (Reader | undefined)[];
  private next = 0;
  private closed = false;

  constructor(
    private readonly script: URL,
    private readonly workerData: unknown,
    size = Math.max(1, Math.min(4, os.availableParallelism())),
  ) {
    this.readers = Array.from({ length: size }, () => undefined);
  }

  /**
   * The rows of one compiled select, read on the least busy thread; with `shape`, what the default export of that
   * plain JavaScript module (a file URL) makes of them: it is given the rows as arrays, `shape.options` and the
   * column names. `tenantId`: whose rows (PostgreSQL labels the connection with it, for row-level security).
   */
  all<R>(sql: string, parameters: readonly unknown[], shape?: ReaderShape, tenantId?: string): Promise<R[]> {
    if (this.closed) return Promise.reject(new Error('the database is closed'));
    const reader = this.leastBusy();
    const id = this.next++;
    return new Promise<R[]>((resolve, reject) => {
      reader.waiting.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      reader.worker.postMessage({ id, sql, parameters, shape, tenantId });
    });
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
    const worker = new Worker(this.script, { workerData: this.workerData });
    const reader: Reader = { worker, waiting: new Map() };
    worker.unref();
    worker.on('message', (m: { id: number; rows?: unknown[]; error?: { message: string; code?: string } }) => {
      const w = reader.waiting.get(m.id);
      if (!w) return;
      reader.waiting.delete(m.id);
      if (m.error) w.reject(Object.assign(new Error(m.error.message), { code: m.error.code }));
      else w.resolve(m.rows!);
    });
    const fail = (err: Error) => {
      if (this.readers[slot] === reader) this.readers[slot] = undefined;
      for (const w of reader.waiting.values()) w.reject(err);
      reader.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`a reader thread stopped (${code})`)));
    return reader;
  }

  async close(): Promise<void> {
    this.closed = true;
    const running = this.readers.filter((r): r is Reader => !!r);
    this.readers = this.readers.map(() => undefined);
    await Promise.all(running.map((r) => r.worker.terminate()));
  }
}
