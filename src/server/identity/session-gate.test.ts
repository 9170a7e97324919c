import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '../db/schema.js';
import { TenantDb } from '../tenancy/tenant-db.js';
import { SessionGate, announceSessionChange } from './session-gate.js';

const T = 't1';

function database() {
  const conn = new SQLite(':memory:');
  conn.exec(`
    create table users (id text, tenant_id text, status text, is_sys_admin int, is_administrator int,
      is_full_user int, is_consultant int, session_generation int);
    create table refresh_tokens (id text, tenant_id text, user_id text, family_id text, revoked_on text);
    insert into users values ('u1', '${T}', 'active', 0, 1, 1, 0, 0);
    insert into refresh_tokens values ('r1', '${T}', 'u1', 'f1', null), ('r2', '${T}', 'u1', 'f2', null);
  `);
  return { conn, tdb: new TenantDb(T, new Kysely<DB>({ dialect: new SqliteDialect({ database: conn }) })) };
}

describe('session gate', () => {
  let gate: SessionGate;
  let db: ReturnType<typeof database>;
  beforeEach(() => {
    gate = new SessionGate();
    db = database();
  });
  afterEach(() => gate.close());

  it('remembers a good session after one look, and never a refused one', async () => {
    expect(gate.cached(T, 'u1', 'f1')).toBeUndefined();
    expect(await gate.lookUp(db.tdb, 'u1', 'f1')).toMatchObject({ isAdministrator: true, isFullUser: true });
    expect(gate.cached(T, 'u1', 'f1')).toMatchObject({ isAdministrator: true });
    expect(gate.cached(T, 'u1', 'f2')).toBeUndefined();
    expect(await gate.lookUp(db.tdb, 'u1', 'nope')).toBeNull();
    expect(gate.cached(T, 'u1', 'nope')).toBeUndefined();
    db.conn.exec(`update users set status = 'inactive'`);
    expect(await gate.lookUp(db.tdb, 'u1', 'f2')).toBeNull();
  });

  it('forgets a user when a change is announced, and keeps no read older than the announced generation', async () => {
    await gate.lookUp(db.tdb, 'u1', 'f1');
    // Announced before the announcing transaction commits: the database still shows generation 0.
    announceSessionChange(T, 'u1', 1);
    expect(gate.cached(T, 'u1', 'f1')).toBeUndefined();
    expect(await gate.lookUp(db.tdb, 'u1', 'f1')).toMatchObject({ isAdministrator: true });
    expect(gate.cached(T, 'u1', 'f1')).toBeUndefined();
    // Committed: the demotion is read and kept.
    db.conn.exec(`update users set is_administrator = 0, session_generation = 1`);
    expect(await gate.lookUp(db.tdb, 'u1', 'f1')).toMatchObject({ isAdministrator: false });
    expect(gate.cached(T, 'u1', 'f1')).toMatchObject({ isAdministrator: false });
    // Other users and tenants are untouched by an announcement.
    announceSessionChange('t2', 'u1', 5);
    announceSessionChange(T, 'u2', 5);
    expect(gate.cached(T, 'u1', 'f1')).toBeDefined();
  });

  it('trusts memory only for a while, as a backstop for changes nobody announced', async () => {
    await gate.lookUp(db.tdb, 'u1', 'f1');
    expect(gate.cached(T, 'u1', 'f1', Date.now() + 29_000)).toBeDefined();
    expect(gate.cached(T, 'u1', 'f1', Date.now() + 31_000)).toBeUndefined();
  });
});
