import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { openOwnerDatabase } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { migrationContext } from '../../src/server/db/migrations/helpers.js';
import * as firstSortKey from '../../src/server/db/migrations/0062-list-sort-keys.js';
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

  it('gives what its first form (0062) gave for every value, so the indexes built on that form stay valid', async () => {
    // The first form, created in a schema of its own by its own migration.
    await c.query('create schema v0062');
    const pool = new pg.Pool({ connectionString: scratch.databaseUrl, max: 1, options: '-c search_path=v0062' });
    const older = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
    await firstSortKey.up(older, migrationContext('postgres'));
    await older.destroy();
    const forms = await c.query<{ n: string }>(
      `select count(distinct prosrc) as n from pg_proc where proname = 'ff_sort_key'`,
    );
    expect(Number(forms.rows[0]!.n)).toBe(2);
    await c.query(`create temp table samples as
      select '{"x":' || v || '}' as data from (
        select (random() * 2e6 - 1e6)::numeric(20, 4)::text as v from generate_series(1, 3000)
        union all select (random() * 1e-3)::numeric(30, 12)::text from generate_series(1, 1000)
        union all select (-random() * 1e-3)::numeric(30, 12)::text from generate_series(1, 1000)
        union all select (random() * 1e12)::bigint::text from generate_series(1, 1000)
        union all select unnest(array['0', '-0', '0.0', '0.000', '1', '-1', '10', '100', '1000.000', '2.50', '0.1',
          '0.0001', '-0.0001', '1e20', '1E-20', '-1e+5', '1e300', '-1e-300', '123456789012345678901234567890',
          '99999999999999999999.99999', '"12"', '"text"', '""', 'null', 'true', '[1]', '{"a": 1}'])
      ) q
      union all select unnest(array['{"y":1}', 'not json', '[1, 2]', '"x"', '{"x": "a", "x": "b"}'])`);
    const differ = await c.query<{ n: string }>(`select count(*) as n from samples, (values (true), (false)) f(num)
      where public.ff_sort_key(data, 'x', num) is distinct from v0062.ff_sort_key(data, 'x', num)`);
    expect(Number(differ.rows[0]!.n)).toBe(0);
    const all = await c.query<{ n: string }>('select count(*) as n from samples');
    expect(Number(all.rows[0]!.n)).toBeGreaterThan(6000);
  });

  it('is leakproof, so keyset conditions on it can be index conditions under row-level security', async () => {
    const r = await c.query<{ proleakproof: boolean }>(
      `select proleakproof from pg_proc where proname = 'ff_sort_key'`,
    );
    const su = await c.query<{ on: string }>(`select current_setting('is_superuser') as on`);
    expect(r.rows[0]!.proleakproof).toBe(su.rows[0]!.on === 'on');
  });
});
