import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { openOwnerDatabase } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { numberSortKey } from '../../src/server/entries/columns.js';
import { scratchDatabase, testDialects, type ScratchDatabase } from '../support/databases.js';

const NUMBERS = [-98765.4321, -10, -1.55, -1.5, -0.001, 0, 0.001, 0.5, 1, 1.5, 1.55, 10, 12345678.9];

// PostgreSQL only: SQLite orders json_extract values directly.
describe.runIf((await testDialects()).includes('postgres'))('PostgreSQL list sort keys', () => {
  let scratch: ScratchDatabase;
  let c: pg.Client;
  beforeAll(async () => {
    scratch = await scratchDatabase('postgres');
    const owner = openOwnerDatabase(loadConfig({ DATA_DIR: scratch.dataDir, DATABASE_URL: scratch.databaseUrl }));
    await migrateToLatest(owner, 'postgres');
    await owner.destroy();
    c = new pg.Client({ connectionString: scratch.databaseUrl });
    await c.connect();
  });
  afterAll(async () => {
    await c?.end();
    await scratch?.drop();
  });

  const key = async (data: string, field: string, asNumber: boolean) =>
    (await c.query<{ k: string | null }>('select ff_sort_key($1, $2, $3) as k', [data, field, asNumber])).rows[0]!.k;

  it('encodes numbers as the server code does, in an order that compares bytewise', async () => {
    const keys: (string | null)[] = [];
    for (const n of NUMBERS) keys.push(await key(JSON.stringify({ x: n }), 'x', true));
    expect(keys).toEqual(NUMBERS.map(numberSortKey));
    const sorted = (
      await c.query<{ k: string }>(`select k from unnest($1::text[]) k order by k collate "C"`, [keys])
    ).rows.map((r) => r.k);
    expect(sorted).toEqual(keys);
  });

  it('gives text as it is, and null for missing, null, non-numbers and bad data (never an error)', async () => {
    expect(await key('{"x":"Hello"}', 'x', false)).toBe('Hello');
    expect(await key('{"x":5}', 'x', false)).toBe('5');
    expect(await key('{"y":5}', 'x', true)).toBeNull();
    expect(await key('{"x":null}', 'x', true)).toBeNull();
    expect(await key('{"x":"5"}', 'x', true)).toBeNull();
    expect(await key('not json', 'x', true)).toBeNull();
  });

  it('is leakproof, so keyset conditions on it can be index conditions under row-level security', async () => {
    const r = await c.query<{ proleakproof: boolean }>(
      `select proleakproof from pg_proc where proname = 'ff_sort_key'`,
    );
    const su = await c.query<{ on: string }>(`select current_setting('is_superuser') as on`);
    expect(r.rows[0]!.proleakproof).toBe(su.rows[0]!.on === 'on');
  });
});
