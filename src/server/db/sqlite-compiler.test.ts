import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.js';

let dir: string;
let db: Database;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ff-compiler-'));
  db = openDatabase({ dataDir: dir });
  await sql`create table t (n integer primary key)`.execute(db.system);
  await sql`insert into t (n) values (1), (2), (3), (4), (5)`.execute(db.system);
});
afterAll(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const page = (limit: number, offset = 0) =>
  db.system
    .selectFrom('t' as never)
    .select(sql<number>`n`.as('n'))
    .orderBy(sql`n`)
    .limit(limit)
    .offset(offset);

it('binds a limit behind a unary plus, so SQLite does not plan for the bound count', () => {
  const q = page(2).compile();
  expect(q.sql).toMatch(/limit \+\? offset \?$/);
  expect(q.parameters).toEqual([2, 0]);
});

it('still takes each bound count and offset of the same statement', async () => {
  expect((await page(2).execute()).map((r) => r.n)).toEqual([1, 2]);
  expect((await page(3, 1).execute()).map((r) => r.n)).toEqual([2, 3, 4]);
  expect((await page(10, 4).execute()).map((r) => r.n)).toEqual([5]);
  expect((await page(0).execute()).map((r) => r.n)).toEqual([]);
});
