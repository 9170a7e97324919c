import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { WriteLock } from './write-lock.js';
import { openDatabase, type Database } from './database.js';

const tick = () => new Promise((r) => setImmediate(r));

describe('shared write lock', () => {
  it('is held by one side at a time; the waiter gets it on release without blocking its thread', async () => {
    const buffer = WriteLock.create();
    const a = new WriteLock(buffer, 0);
    const b = new WriteLock(buffer, 1);
    await a.acquire();
    let got = false;
    const waiting = b.acquire().then(() => (got = true));
    for (let i = 0; i < 5; i++) await tick();
    expect(got).toBe(false);
    a.release();
    await waiting;
    expect(got).toBe(true);
    b.release();
  });

  it('takes turns: a side that finds the other waiting lets it in first', async () => {
    const buffer = WriteLock.create();
    const a = new WriteLock(buffer, 0);
    const b = new WriteLock(buffer, 1);
    const order: string[] = [];
    await a.acquire();
    const bTurn = b.acquire().then(() => {
      order.push('b');
      b.release();
    });
    await tick();
    a.release();
    // a asks again at once, while b is still waiting to be woken: b goes first.
    await a.acquire();
    order.push('a');
    a.release();
    await bTurn;
    expect(order).toEqual(['b', 'a']);
  });

  it('frees what a side held when that side is gone', async () => {
    const buffer = WriteLock.create();
    const gone = new WriteLock(buffer, 1);
    await gone.acquire();
    const a = new WriteLock(buffer, 0);
    const waiting = a.acquire();
    a.releaseOther();
    await waiting;
    a.release();
  });
});

describe('two connections to one SQLite file under the shared lock', () => {
  let dir: string;
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a write here waits for a transaction held by another thread, and this thread keeps running meanwhile', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ff-lock-'));
    db = openDatabase({ dataDir: dir });
    await sql`create table t (n integer)`.execute(db.system);
    // Another thread opens the same file on the other side of the lock and holds a write transaction for 300 ms.
    const worker = new Worker(
      `
      const { workerData, parentPort } = require('node:worker_threads');
      const SQLite = require(${JSON.stringify(createRequire(import.meta.url).resolve('better-sqlite3'))});
      const cells = new Int32Array(workerData.lock);
      while (Atomics.compareExchange(cells, 0, 0, 2) !== 0) Atomics.wait(cells, 0, Atomics.load(cells, 0), 50);
      const conn = new SQLite(workerData.file);
      conn.exec('begin immediate');
      conn.exec('insert into t values (1)');
      parentPort.postMessage('holding');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
      conn.exec('commit');
      Atomics.store(cells, 0, 0);
      Atomics.notify(cells, 0);
      conn.close();
      `,
      { eval: true, workerData: { lock: db.writeLock, file: path.join(dir, 'flowforms.sqlite') } },
    );
    await new Promise((resolve) => worker.once('message', resolve));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const t0 = Date.now();
    await sql`insert into t values (2)`.execute(db.system);
    const waited = Date.now() - t0;
    clearInterval(timer);
    await new Promise((resolve) => worker.once('exit', resolve));
    expect(waited).toBeGreaterThan(150);
    // The event loop went on while the insert waited for the lock (a busy wait in SQLite would have frozen it).
    expect(ticks).toBeGreaterThan(5);
    const rows = await sql<{ n: number }>`select n from t order by n`.execute(db.system);
    expect(rows.rows.map((r) => r.n)).toEqual([1, 2]);
  });
});
