import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, sqliteFile, type Database } from './database.js';
import { cachedReader, threadReader } from '../reports/cached-rows.js';
import { ResultCache } from './result-cache.js';
import { ARENA_SLOTS, type AnswerRoom } from './shaped-answer.mjs';
import { SqliteReaders } from './sqlite-readers.js';

describe('SQLite reader threads', () => {
  let dir: string;
  let db: Database;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ff-readers-'));
    db = openDatabase({ dataDir: dir });
    await sql`create table t (n integer primary key, label text)`.execute(db.system);
    await sql`insert into t (n, label) values (1, 'one'), (2, 'two'), (3, null)`.execute(db.system);
  });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const query = () =>
    db.system
      .selectFrom('t' as never)
      .selectAll()
      .orderBy('n' as never);

  it('answer a compiled select with the rows the server connection reads, several at once', async () => {
    const read = threadReader(db);
    const direct = await query().execute();
    const answers = await Promise.all(Array.from({ length: 6 }, () => read(query())));
    for (const rows of answers) expect(rows).toEqual(direct);
    expect(direct).toEqual([
      { n: 1, label: 'one' },
      { n: 2, label: 'two' },
      { n: 3, label: null },
    ]);
  });

  it('see what the server committed after their last read', async () => {
    const read = threadReader(db);
    await read(query());
    await sql`insert into t (n, label) values (4, 'four')`.execute(db.system);
    expect((await read(query())).map((r) => (r as { n: number }).n)).toEqual([1, 2, 3, 4]);
  });

  it('refuse writes and pass errors on, and keep answering after them', async () => {
    await expect(db.readers!.all(`insert into t (n) values (9)`, [])).rejects.toThrow(/only reads/);
    await expect(db.readers!.all(`select * from missing`, [])).rejects.toThrow(/no such table/);
    expect(await db.readers!.all(`select count(*) as c from t where n > ?`, [1])).toEqual([{ c: 3 }]);
    const rows = await sql<{ n: number }>`select n from t where n = 9`.execute(db.system);
    expect(rows.rows).toEqual([]);
  });

  it('feed the kept answers of reports: a hit is not read again, a change reads afresh', async () => {
    const read = cachedReader(new ResultCache(), threadReader(db));
    const first = await read(query());
    expect(await read(query())).toEqual(first);
    await sql`insert into t (n, label) values (5, 'five')`.execute(db.system);
    expect((await read(query())).length).toBe(first.length + 1);
  });

  it('hand each thread only a few statements, so a long one holds up few of those asked after it', async () => {
    // Two threads handed at most four statements each.
    const readers = new SqliteReaders(sqliteFile(dir), 2, 4);
    const finished: string[] = [];
    const track = (label: string, p: Promise<unknown>) => p.then(() => finished.push(label));
    const slow = track(
      'slow',
      readers.all(
        'with recursive c(x) as (select 1 union all select x + 1 from c where x < 3000000) select count(*) as n from c',
        [],
      ),
    );
    const quick = Array.from({ length: 20 }, (_, i) => track(`q${i}`, readers.all('select ? as n', [i])));
    await Promise.all([slow, ...quick]);
    await readers.close();
    // At most three quick ones were handed to the slow one's thread; the rest waited for the other.
    expect(finished.length).toBe(21);
    expect(finished.length - 1 - finished.indexOf('slow')).toBeLessThanOrEqual(3);
  });

  it('shape answers into memory shared with the thread, freed slots taken again, own buffers if all held', async () => {
    // A shaping module writing its rows' JSON as the list's does (entries/list-rows.mjs), with room around it.
    const shaper = path.join(dir, 'shape-bytes.mjs');
    fs.writeFileSync(
      shaper,
      `import { answerMemory } from ${JSON.stringify(new URL('./shaped-answer.mjs', import.meta.url).href)};
      export default (rows) => {
        const text = JSON.stringify(rows);
        const m = answerMemory(text.length + 20);
        m.write(text, 10);
        return { bytes: m.subarray(10, 10 + text.length), room: { start: m.byteOffset, end: m.byteOffset + m.length } };
      };`,
    );
    const readers = new SqliteReaders(sqliteFile(dir), 1, 4);
    type Shaped = { bytes: Uint8Array; room: AnswerRoom };
    const ask = (i: number) =>
      readers.shaped<Shaped>('select ? as n', [i], { module: pathToFileURL(shaper).href, options: {} });
    const text = (a: Shaped) => Buffer.from(a.bytes).toString();
    try {
      for (let i = 0; i < ARENA_SLOTS * 2; i++) {
        const a = await ask(i);
        expect(text(a)).toBe(`[[${i}]]`);
        expect(a.bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
        a.room.release!();
      }
      const held: Shaped[] = [];
      for (let i = 0; i < ARENA_SLOTS + 2; i++) held.push(await ask(i));
      held.forEach((a, i) => expect(text(a)).toBe(`[[${i}]]`));
      expect(held.filter((a) => a.bytes.buffer instanceof SharedArrayBuffer).length).toBe(ARENA_SLOTS);
      expect(held.slice(-2).map((a) => [a.bytes.buffer instanceof ArrayBuffer, a.room.release])).toEqual([
        [true, undefined],
        [true, undefined],
      ]);
      held[3]!.room.release!();
      const again = await ask(99);
      expect([text(again), again.bytes.byteOffset - 10]).toEqual(['[[99]]', held[3]!.room.start]);
      // What the held answers say is untouched by the answers written since.
      held.forEach((a, i) => expect(i === 3 || text(a) === `[[${i}]]`).toBe(true));
    } finally {
      await readers.close();
    }
  });

  it('give the statements still waiting to a new thread when one stops', async () => {
    const readers = new SqliteReaders(sqliteFile(dir), 2, 4);
    const asked = Array.from({ length: 30 }, (_, i) =>
      readers.all<{ n: number }>('select ? as n', [i]).then(
        (rows) => rows[0]!.n,
        () => 'stopped',
      ),
    );
    // Stop the first thread while most statements still wait in the server.
    const first = (readers as unknown as { readers: ({ worker: { terminate(): Promise<number> } } | undefined)[] })
      .readers[0];
    await first!.worker.terminate();
    const answers = await Promise.all(asked);
    // Those the stopped thread held fail; every other one is answered, on the thread that took its place too.
    expect(answers.filter((a) => a === 'stopped').length).toBeLessThanOrEqual(4);
    answers.forEach((a, i) => expect(a === 'stopped' || a === i).toBe(true));
    expect(await readers.all('select 1 as one', [])).toEqual([{ one: 1 }]);
    await readers.close();
  });

  it('refuse the statements still waiting when closed', async () => {
    const readers = new SqliteReaders(sqliteFile(dir), 1, 2);
    const asked = Array.from({ length: 10 }, (_, i) =>
      readers.all('select ? as n', [i]).then(
        () => 'answered',
        (err: Error) => err.message,
      ),
    );
    await readers.close();
    const results = await Promise.all(asked);
    expect(results.filter((r) => r === 'the database is closed').length).toBeGreaterThanOrEqual(8);
  });

  it('answer nothing once the database is closed', async () => {
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ff-readers-'));
    const other = openDatabase({ dataDir: otherDir });
    await sql`create table u (n integer)`.execute(other.system);
    expect(await other.readers!.all('select count(*) as c from u', [])).toEqual([{ c: 0 }]);
    await other.close();
    await expect(other.readers!.all('select 1', [])).rejects.toThrow(/closed/);
    fs.rmSync(otherDir, { recursive: true, force: true });
  });
});
