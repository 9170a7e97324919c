import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { openDatabase, sqliteFile } from './database.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ff-samples-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('an analyzed SQLite database keeps its averages and loses its per-value samples when opened', async () => {
  fs.mkdirSync(dir, { recursive: true });
  const raw = new SQLite(sqliteFile(dir));
  raw.exec('create table t (id integer primary key, k text, v integer); create index t_k_v on t (k, v)');
  const insert = raw.prepare('insert into t (k, v) values (?, ?)');
  raw.transaction(() => {
    for (let i = 0; i < 2_000; i++) insert.run(`k${i % 5}`, i);
  })();
  raw.exec('analyze');
  expect((raw.prepare('select count(*) n from sqlite_stat4').get() as { n: number }).n).toBeGreaterThan(0);
  raw.close();

  const db = openDatabase({ dataDir: dir });
  try {
    const check = new SQLite(sqliteFile(dir), { readonly: true });
    expect(check.prepare('select count(*) n from sqlite_stat4').get()).toEqual({ n: 0 });
    expect(check.prepare(`select stat from sqlite_stat1 where idx = 't_k_v'`).get()).toEqual({ stat: '2000 400 1' });
    const plan = check.prepare('explain query plan select id from t where k = ? and v > ?').all('k1', 10);
    expect(JSON.stringify(plan)).toContain('USING COVERING INDEX t_k_v');
    check.close();
  } finally {
    await db.close();
  }
});
