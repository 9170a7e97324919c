import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { openOwnerDatabase } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { migrationContext } from '../../src/server/db/migrations/helpers.js';
import * as firstSortKey from '../../src/server/db/migrations/0062-list-sort-keys.js';
import * as firstSearchKey from '../../src/server/db/migrations/0092-lookup-search-keys.js';
import * as firstLabelKey from '../../src/server/db/migrations/0095-label-sort-keys.js';
import * as onceParsedSortKey from '../../src/server/db/migrations/0136-sort-key-one-parse.js';
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

  it('gives what the jsonb forms gave for records of every size the server writes (0138 reads large ones as json)', async () => {
    // The forms before 0138, each created in a schema of its own by its own migration.
    const forms = { v0136: onceParsedSortKey, v0095: firstLabelKey, v0092: firstSearchKey };
    for (const [schema, m] of Object.entries(forms)) {
      await c.query(`create schema ${schema}`);
      const pool = new pg.Pool({ connectionString: scratch.databaseUrl, max: 1, options: `-c search_path=${schema}` });
      const older = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
      await m.up(older, migrationContext('postgres'));
      await older.destroy();
    }
    const docs = sortKeyCorpus();
    expect(docs.filter((d) => Buffer.byteLength(d) >= 256).length).toBeGreaterThan(docs.length / 3);
    await c.query('create temp table corpus as select unnest($1::text[]) as data', [docs]);
    const differ = await c.query<{ data: string; f: string }>(`select data, f from corpus,
      (values ('sort number'), ('sort text'), ('label'), ('search')) fn(f)
      where case f
        when 'sort number' then public.ff_sort_key(data, 'x', true) is distinct from v0136.ff_sort_key(data, 'x', true)
        when 'sort text' then public.ff_sort_key(data, 'x', false) is distinct from v0136.ff_sort_key(data, 'x', false)
        when 'label' then public.ff_label_key(data, 'x') is distinct from v0095.ff_label_key(data, 'x')
        else public.ff_search_key(data, 'x') is distinct from v0092.ff_search_key(data, 'x') end`);
    expect(differ.rows).toEqual([]);
    // The corpus reaches every branch: values of each kind in large records, and large records nothing can read.
    const read = await c.query<{ n: string; numbers: string; texts: string; labels: string }>(`select
      count(*) filter (where octet_length(data) >= 256 and ff_sort_key(data, 'x', false) is null) as n,
      count(*) filter (where octet_length(data) >= 256 and ff_sort_key(data, 'x', true) is not null) as numbers,
      count(*) filter (where octet_length(data) >= 256 and ff_search_key(data, 'x') is not null) as texts,
      count(*) filter (where octet_length(data) >= 256 and ff_label_key(data, 'x') is not null) as labels
      from corpus`);
    for (const n of Object.values(read.rows[0]!)) expect(Number(n)).toBeGreaterThan(5);
  });

  it('is leakproof, so keyset conditions on it can be index conditions under row-level security', async () => {
    const r = await c.query<{ proleakproof: boolean }>(
      `select proleakproof from pg_proc where proname = 'ff_sort_key'`,
    );
    const su = await c.query<{ on: string }>(`select current_setting('is_superuser') as on`);
    expect(r.rows[0]!.proleakproof).toBe(su.rows[0]!.on === 'on');
  });
});

/** Records as JSON.stringify writes them, small and padded past 256 bytes, holding `x` of every kind of value. */
function sortKeyCorpus(): string[] {
  const texts = [
    'Hello',
    '',
    'a"b\\c',
    'line\nbreak\ttab',
    '\u0001ctrl',
    'lone \ud800',
    '😀 emoji',
    'Ünïcödé É',
    'nul \u0000 here',
    'Mixed CASE',
    ' spaced ',
    '12',
    '{"a":1}',
  ];
  const numbers = [...NUMBERS, 5e-324, 1.7976931348623157e308, -1e21, 1e21, 1.23456e-10, -0, 2 ** 53 + 2, 0.1 + 0.2];
  const others = [true, false, null, [1, 'a'], { a: 1, b: [2] }, {}, []];
  const labels = [...texts, 5, null, true, { nested: 'x' }, ['l']].map((label) => ({ id: 'r-1', label }));
  const values: unknown[] = [
    ...texts,
    ...numbers,
    ...others,
    ...labels,
    { id: 'r-2' },
    { id: 'r-3', label: 'a', b: 1 },
  ];
  const pad = { title: 'Some record title', notes: 'Lorem ipsum dolor sit amet, '.repeat(8), count: 12.5, ok: true };
  const noisy = { ...pad, odd: 'quote " backslash \\ tab \t', list: [1, { deep: [null, 'é'] }] };
  const broken = { ...pad, bad: 'nul \u0000 elsewhere' };
  const lone = { ...pad, bad: 'lone \udc00 elsewhere' };
  const docs: string[] = [];
  for (const x of values) {
    docs.push(JSON.stringify({ x }), JSON.stringify({ ...pad, x }), JSON.stringify({ x, ...noisy }));
    docs.push(JSON.stringify({ ...broken, x }), JSON.stringify({ ...lone, x }));
  }
  docs.push(JSON.stringify(pad), JSON.stringify({ y: 1 }), JSON.stringify([pad]), JSON.stringify('x'), 'not json');
  docs.push(
    `${JSON.stringify(pad).slice(0, -1)},"x":"first","x":"last"}`,
    `{"x": 1, ${'"p": "pad", '.repeat(30)}"x": 2}`,
  );
  return docs;
}
