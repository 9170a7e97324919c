import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../db/schema.js';
import { SigningKeys } from './keys.js';

function keys() {
  const conn = new SQLite(':memory:');
  conn.exec('create table signing_keys (id text primary key, secret text not null, created_on text not null)');
  return new SigningKeys(new Kysely<DB>({ dialect: new SqliteDialect({ database: conn }) }));
}
const claims = { sub: 'u1', tid: 't1', sid: 's1', roles: 'f' };

describe('signing keys', () => {
  afterEach(() => vi.useRealTimers());

  it('verifies a token it signed, again from memory, and refuses it once expired', async () => {
    const k = keys();
    const { token } = await k.sign(claims, 60);
    expect(await k.verify(token)).toMatchObject(claims);
    const again = await k.verify(token);
    expect(again).toMatchObject(claims);
    expect(Object.isFrozen(again)).toBe(true);
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    expect(await k.verify(token)).toBeNull();
    expect(await k.verify(token)).toBeNull();
  });

  it('refuses a tampered token and one signed with another key', async () => {
    const k = keys();
    const { token } = await k.sign(claims, 60);
    const [h, p, s] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...claims, roles: 'a', exp: 9e9 })).toString('base64url');
    expect(await k.verify(`${h}.${forged}.${s}`)).toBeNull();
    expect(await k.verify(`${h}.${p}.${s.slice(0, -2)}xx`)).toBeNull();
    expect(await k.verify((await keys().sign(claims, 60)).token)).toBeNull();
  });
});
