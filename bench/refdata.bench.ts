// Reference data at scale: one dataset of 1,000,000 rows (BENCH_ROWS overrides), searched and paged through HTTP
// against the real server process, on SQLite and (when reachable) PostgreSQL: the editor's pages
// (ReferenceData/datatables, first and deep keyset pages, a common and a rare search) and a dropdown's options
// (ReferenceDataEntry/options, typed text and next pages). BENCH_DB=sqlite|postgres runs one database.
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, openOwnerDatabase, type DialectName } from '../src/server/db/database.js';
import type { DB } from '../src/server/db/schema.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { createTenant } from '../src/server/tenancy/admin.js';
import { postJson, report, spawnUntilReady, stop } from './lib.js';
import { freePort } from '../tests/support/server.js';
import { scratchDatabase, testDialects } from '../tests/support/databases.js';

export const name = 'refdata';
const PASSWORD = 'Bench-Pass-123';
const pct = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
async function timed(n: number, fn: (i: number) => Promise<void>) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    times.push(performance.now() - t0);
  }
  const r = (x: number) => Math.round(x * 10) / 10;
  return { p50: r(pct(times, 0.5)), p95: r(pct(times, 0.95)), max: r(Math.max(...times)) };
}

/** Rows n = 0..count-1 made by the database: key C0000042, a name of two words, a region, a number. */
async function seedRows(owner: Kysely<DB>, dialect: DialectName, tenantId: string, datasetId: string, count: number) {
  const pg = dialect === 'postgres';
  const key = pg ? `'C' || lpad(n::text, 7, '0')` : `'C' || substr('0000000' || n, -7, 7)`;
  const words = `substr('AlphaBravoDeltaEchoFoxtrotGolfHotelIndiaKiloLimaMikeOscarPapaRomeoSierraTango', 1 + (n % 16) * 5, 5)`;
  const region = `(case n % 4 when 0 then 'North' when 1 then 'South' when 2 then 'East' else 'West' end)`;
  const name = `${words} || ' ' || (${pg ? 'n::bigint' : 'n'} * 7919 % 100000)`;
  const data = pg
    ? `json_build_object('code', ${key}, 'name', ${name}, 'region', ${region}, 'budget', n % 9973)::text`
    : `json_object('code', ${key}, 'name', ${name}, 'region', ${region}, 'budget', n % 9973)`;
  const nl = pg ? 'chr(10)' : 'char(10)';
  const search = `lower(${key} || ${nl} || ${name} || ${nl} || ${region} || ${nl} || (n % 9973))`;
  const select = `select '${datasetId}-' || n, '${tenantId}', '${datasetId}', n, ${key}, ${data}, ${search}, '2026-01-01T00:00:00Z'`;
  const cols = 'id, tenant_id, dataset_id, position, row_key, row_data, search_text, modified_on';
  const gen =
    dialect === 'postgres'
      ? `from generate_series(0, ${count - 1}) as n`
      : `from (with recursive s(n) as (select 0 union all select n + 1 from s where n < ${count - 1}) select n from s)`;
  await sql.raw(`insert into ref_rows (${cols}) ${select} ${gen}`).execute(owner);
  if (dialect === 'postgres') await sql.raw('analyze ref_rows').execute(owner);
  else await sql.raw('analyze').execute(owner);
}

async function one(dialect: DialectName, count: number) {
  const scratch = await scratchDatabase(dialect);
  const env = {
    DATA_DIR: scratch.dataDir,
    DATABASE_URL: scratch.databaseUrl ?? '',
    WEB_DIR: '',
    LOG_LEVEL: 'warn',
    SCHEDULER: 'off',
    OUTBOX_WORKER: 'off',
  };
  const config = loadConfig(env);
  const owner = openOwnerDatabase(config);
  await migrateToLatest(owner, dialect);
  const app = openDatabase(config);
  const { tenantId } = await createTenant(app, {
    domain: 'bench',
    name: 'Bench',
    adminUser: 'admin',
    adminEmail: 'admin@bench.test',
    adminPassword: PASSWORD,
  });
  const datasetId = crypto.randomUUID();
  const now = new Date().toISOString();
  const columns = [
    { key: 'code', label: 'Code', type: 'text' },
    { key: 'name', label: 'Name', type: 'text' },
    { key: 'region', label: 'Region', type: 'text' },
    { key: 'budget', label: 'Budget', type: 'number' },
  ];
  await owner
    .insertInto('ref_datasets')
    .values({
      id: datasetId,
      tenant_id: tenantId,
      name: 'Cost centres',
      description: null,
      kind: 'dataset',
      columns: JSON.stringify(columns),
      key_column: 'code',
      row_count: count,
      version: 1,
      created_by: 'bench',
      created_on: now,
      modified_on: now,
    })
    .execute();
  const t0 = performance.now();
  console.log(`  seeding ${count} rows on ${dialect}`);
  await seedRows(owner, dialect, tenantId, datasetId, count);
  const seedSeconds = Math.round((performance.now() - t0) / 1000);
  await app.close();
  await owner.destroy();

  const port = await freePort();
  const server = await spawnUntilReady(
    ['src/server/main.ts'],
    { ...env, PORT: String(port), HOST: '127.0.0.1' },
    `http://127.0.0.1:${port}/readyz`,
  );
  const host = `bench.localhost:${port}`;
  try {
    const signed = await postJson(
      port,
      host,
      '/api/identity/Authentication/authenticateiso',
      JSON.stringify({ username: 'admin', password: PASSWORD }),
    );
    const token = (signed.json as { data: { token: string } }).data.token;
    let nonce = 0;
    const call = async (path: string, body: object) => {
      const r = (await postJson(port, host, path, { ...body, benchNonce: ++nonce }, token)).json as {
        success: boolean;
        message?: string;
        data: unknown;
      };
      if (!r.success) throw new Error(`${path}: ${r.message}`);
      return r.data as { data?: unknown[]; items?: unknown[]; nextCursor: string | null; recordsFiltered?: number };
    };
    const rows = (body: object) => call('/api/ReferenceData/datatables', { datasetId, length: 50, ...body });
    const options = (body: object) =>
      call('/api/ReferenceDataEntry/options', { datasetId, labelColumn: 'name', ...body });
    for (let i = 0; i < 20; i++) await rows({});
    const N = 100;
    const figures: Record<string, unknown> = { dialect, rows: count, seedSeconds };
    const show = (k: string, v: unknown) => {
      figures[k] = v;
      console.log(`  ${k}: ${JSON.stringify(v)}`);
    };
    show('editorFirstPage', await timed(N, () => rows({}).then(() => undefined)));
    // A keyset page anywhere in the dataset: the cursor is (position, id).
    const cursorAt = (n: number) => Buffer.from(JSON.stringify([n, `${datasetId}-${n}`])).toString('base64url');
    const first = await rows({});
    const sample = first.nextCursor ? JSON.parse(Buffer.from(first.nextCursor, 'base64url').toString()) : null;
    const deep = Array.isArray(sample);
    show(
      'editorDeepKeysetPage',
      deep
        ? await timed(N, (i) =>
            rows({ cursor: cursorAt(Math.floor((((i * 7919) % 1000) / 1000) * (count - 100))) }).then(() => undefined),
          )
        : 'cursor shape unknown',
    );
    show('editorSearchCommon', await timed(N, () => rows({ search: 'echo' }).then(() => undefined)));
    show(
      'editorSearchRareKey',
      await timed(20, (i) =>
        rows({ search: `c${String((i * 48611) % count).padStart(7, '0')}` }).then(() => undefined),
      ),
    );
    show(
      'optionsTyped',
      await timed(N, (i) => options({ search: ['alp', 'gol', 'kil', 'tan'][i % 4] }).then(() => undefined)),
    );
    show(
      'optionsNextPages',
      await timed(N, async () => {
        const a = await options({ search: 'hotel' });
        await options({ search: 'hotel', cursor: a.nextCursor });
      }),
    );
    report(`refdata-${dialect}`, figures);
  } finally {
    await stop(server);
  }
}

export async function run() {
  const count = Number(process.env.BENCH_ROWS ?? 1_000_000);
  const only = process.env.BENCH_DB;
  for (const dialect of await testDialects()) if (!only || only === dialect) await one(dialect, count);
}
