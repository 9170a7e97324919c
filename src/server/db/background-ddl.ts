import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { WriteLock } from './write-lock.js';
import { sqliteFile } from './database.js';
import type { AppContext } from '../context.js';

/** The thread's program: plain JavaScript, so it needs no TypeScript loader. */
const PROGRAM = `
const { workerData, parentPort } = require('node:worker_threads');
const SQLite = require(workerData.module);
let conn;
try {
  conn = new SQLite(workerData.file);
  conn.pragma('busy_timeout = 60000');
  for (const s of workerData.statements) conn.exec(s);
  parentPort.postMessage({ ok: true });
} catch (err) {
  parentPort.postMessage({ ok: false, message: String((err && err.message) || err) });
} finally {
  if (conn) conn.close();
}
`;

const sqliteModule = createRequire(import.meta.url).resolve('better-sqlite3');

/**
 * Runs SQLite DDL (an index build over a big app) on a connection of its own in a worker thread. Meanwhile this
 * thread holds the shared write lock (db/write-lock.ts) as its own side, so its writes and the engine thread's wait
 * for the build asynchronously instead of sleeping in SQLite's busy handler, and every read goes on (WAL): requests
 * keep being answered while 1,000,000 rows are indexed.
 */
export async function sqliteDdlInBackground(file: string, lock: SharedArrayBuffer, statements: string[]) {
  const held = new WriteLock(lock, 0);
  await held.acquire();
  try {
    const worker = new Worker(PROGRAM, { eval: true, workerData: { file, statements, module: sqliteModule } });
    // Shutting down need not wait for a build: SQLite drops an unfinished index with its transaction.
    worker.unref();
    const r = await new Promise<{ ok: boolean; message?: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the index build thread stopped (${code})`)));
    });
    if (!r.ok) throw new Error(r.message);
  } finally {
    held.release();
  }
}

/** A feature's runner of DDL in the background: on SQLite, a thread of its own; elsewhere none (undefined). */
export function backgroundDdlFor(ctx: AppContext): ((statements: string[]) => Promise<void>) | undefined {
  const lock = ctx.db.writeLock;
  if (!lock) return undefined;
  const file = sqliteFile(ctx.config.dataDir);
  return (statements) => sqliteDdlInBackground(file, lock, statements);
}
