import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { openDatabase, sqliteFile } from './database.js';
import { sqliteDdlInBackground } from './background-ddl.js';
import { analyzeSql } from './value-samples.js';
import { migrateToLatest } from './migrate.js';

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

it('statistics gathered while the server runs keep their averages and never their samples', async () => {
  const running = path.join(dir, 'running');
  const db = openDatabase({ dataDir: running });
  try {
    const raw = new SQLite(sqliteFile(running));
    raw.exec('create table t2 (id integer primary key, k text, v integer)');
    const insert = raw.prepare('insert into t2 (k, v) values (?, ?)');
    raw.transaction(() => {
      for (let i = 0; i < 2_000; i++) insert.run(`k${i % 5}`, i);
    })();
    raw.close();
    // As a report's index is built: on a connection of its own, while the server's stays open.
    await sqliteDdlInBackground(sqliteFile(running), db.writeLock!, [
      'create index t2_k_v on t2 (k, v)',
      analyzeSql('t2_k_v'),
    ]);
    const check = new SQLite(sqliteFile(running), { readonly: true });
    expect(check.prepare('select count(*) n from sqlite_stat4').get()).toEqual({ n: 0 });
    expect(check.prepare(`select stat from sqlite_stat1 where idx = 't2_k_v'`).get()).toEqual({ stat: '2000 400 1' });
    check.close();
  } finally {
    await db.close();
  }
});

it('no per-value samples are left after migrations (one may ANALYZE a table holding rows)', async () => {
  const file = path.join(dir, 'migrated.db');
  const raw = new SQLite(file);
  raw.exec('create table t3 (id integer primary key, k text); create index t3_k on t3 (k)');
  const insert = raw.prepare('insert into t3 (k) values (?)');
  raw.transaction(() => {
    for (let i = 0; i < 1_000; i++) insert.run(`k${i % 7}`);
  })();
  raw.exec('analyze');
  expect((raw.prepare('select count(*) n from sqlite_stat4').get() as { n: number }).n).toBeGreaterThan(0);
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: raw }) });
  try {
    expect((await migrateToLatest(db, 'sqlite')).length).toBeGreaterThan(0);
    expect(raw.prepare('select count(*) n from sqlite_stat4').get()).toEqual({ n: 0 });
    expect(raw.prepare(`select stat from sqlite_stat1 where idx = 't3_k'`).get()).toEqual({ stat: '1000 143' });
  } finally {
    await db.destroy();
  }
});
