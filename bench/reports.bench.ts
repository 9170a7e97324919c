// Reports over many records in one app, through HTTP against the real server process, on SQLite and (when
// reachable) PostgreSQL: group by a field with a sum (the target: 1,000,000 records ≤ 1 s), and CSV and
// XLSX exports of every record (rows/s, with the server's resident memory sampled during the download), then both
// again (memory that levels off stays where the first exports left it).
// BENCH_BIG sets the record count (default 200,000); BENCH_DB=sqlite|postgres runs one database; BENCH_ONLY=run
// skips the exports. On PostgreSQL the first run starts the stored report columns (backfill, covering index, vacuum);
// the timed runs wait for them up to BENCH_INDEX_WAIT_S seconds (default 1,800).
import http from 'node:http';
import fs from 'node:fs';
import pg from 'pg';
import type { DialectName } from '../src/server/db/database.js';
import { postJson, report, spawnUntilReady, stop } from './lib.js';
import { freePort } from '../tests/support/server.js';
import { testDialects } from '../tests/support/databases.js';
import { PASSWORD, seededScratch } from './records-seed.js';

export const name = 'reports';

/** Resident memory in MB: all of it, and the part not backed by files (heap, buffers; not SQLite's mapped pages). */
const memoryMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), anon: Math.round(kb('RssAnon') / 1024) };
};

/** Downloads an export, counting bytes and lines, sampling the server's RSS every 100 ms. */
function download(port: number, host: string, token: string, body: object, pid: number) {
  type Done = { seconds: number; bytes: number; lines: number; rssStart: number; rssMax: number };
  return new Promise<Done & { anonStart: number; anonMax: number }>((resolve, reject) => {
    const { rss: rssStart, anon: anonStart } = memoryMb(pid);
    let [rssMax, anonMax] = [rssStart, anonStart];
    const timer = setInterval(() => {
      const m = memoryMb(pid);
      [rssMax, anonMax] = [Math.max(rssMax, m.rss), Math.max(anonMax, m.anon)];
    }, 100);
    const t0 = performance.now();
    const payload = JSON.stringify(body);
    const req = http.request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/form/report/export',
        headers: {
          host,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        let bytes = 0;
        let lines = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          for (let i = c.indexOf(10); i >= 0; i = c.indexOf(10, i + 1)) lines++;
        });
        res.on('end', () => {
          clearInterval(timer);
          if (res.statusCode !== 200) reject(new Error(`export answered ${res.statusCode}`));
          else
            resolve({ seconds: (performance.now() - t0) / 1000, bytes, lines, rssStart, rssMax, anonStart, anonMax });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Seconds until the stored report columns and their covering index are ready (PostgreSQL). */
async function storedReady(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const t0 = Date.now();
  try {
    const limit = Number(process.env.BENCH_INDEX_WAIT_S ?? 1800) * 1000;
    while (Date.now() - t0 < limit) {
      const r = await client.query(`select count(*)::int as n from pg_index i join pg_class c on c.oid = i.indexrelid
        join pg_stat_user_tables s on s.relname = 'records'
        where c.relname like 'records_rs_%' and i.indisvalid and s.last_vacuum is not null`);
      if ((r.rows[0] as { n: number }).n > 0) break;
      await new Promise((res) => setTimeout(res, 5000));
    }
    // A node looks again which stored columns are ready every 10 s.
    await new Promise((res) => setTimeout(res, 11_000));
    return Math.round((Date.now() - t0) / 1000);
  } finally {
    await client.end();
  }
}

async function one(dialect: DialectName, count: number) {
  const { scratch, env, seeded } = await seededScratch(dialect, count, 0);
  const port = await freePort();
  const server = await spawnUntilReady(
    ['src/server/main.ts'],
    { ...env, PORT: String(port), HOST: '127.0.0.1' },
    `http://127.0.0.1:${port}/readyz`,
  );
  const host = `${seeded.domain}.localhost:${port}`;
  const figures: Record<string, unknown> = { dialect, records: count, seedSeconds: Math.round(seeded.seconds) };
  try {
    const signIn = await postJson(port, host, '/api/identity/Authentication/authenticateiso', {
      username: 'admin',
      password: PASSWORD,
    });
    const token = (signIn.json as { data: { token: string } }).data.token;
    const spec = {
      moduleId: seeded.moduleId,
      groupBy: [{ column: 'region' }],
      measures: [{ aggregate: 'sum', column: 'amount' }, { aggregate: 'count' }],
    };
    const times: number[] = [];
    for (let i = 0; i < 8; i++) {
      // The first run starts the covering index (SQLite); give it time to be built before the timed runs.
      if (i === 1) await new Promise((r) => setTimeout(r, count / 50));
      if (i === 1 && dialect === 'postgres') figures.storedColumnsSeconds = await storedReady(env.DATABASE_URL);
      const t0 = performance.now();
      const r = await postJson(port, host, '/api/form/report/run', { spec }, token);
      const j = r.json as { success: boolean; message?: string; data: { total: { count: number } } };
      if (!j.success || j.data.total.count !== count) throw new Error(`run: ${JSON.stringify(j).slice(0, 300)}`);
      times.push(performance.now() - t0);
    }
    const later = times.slice(2).sort((a, b) => a - b);
    figures.groupBySumMs = {
      first: Math.round(times[0]!),
      median: Math.round(later[Math.floor(later.length / 2)]!),
      best: Math.round(later[0]!),
    };
    console.log(`  group by region, sum amount: ${JSON.stringify(figures.groupBySumMs)}`);
    const flat = { spec: { moduleId: seeded.moduleId, columns: ['title', 'amount', 'region', 'process_status'] } };
    // Each a second time: whether the server's memory keeps growing with every row exported, or levels off.
    const exports = [
      ['csv', 'csv'],
      ['xlsx', 'xlsx'],
      ['csvAgain', 'csv'],
      ['xlsxAgain', 'xlsx'],
    ] as const;
    for (const [key, format] of process.env.BENCH_ONLY === 'run' ? [] : exports) {
      const d = await download(port, host, token, { ...flat, format }, server.pid!);
      figures[key] = {
        seconds: Math.round(d.seconds * 10) / 10,
        rowsPerSecond: Math.round(count / d.seconds),
        mb: Math.round(d.bytes / 1e5) / 10,
        serverRssMb: { before: d.rssStart, max: d.rssMax },
        serverAnonMb: { before: d.anonStart, max: d.anonMax },
        ...(format === 'csv' ? { lines: d.lines } : {}),
      };
      console.log(`  ${key}: ${JSON.stringify(figures[key])}`);
    }
    report(`reports: ${dialect}, ${count} records`, figures);
  } finally {
    await stop(server);
    await scratch.drop();
  }
}

export async function run() {
  const count = Number(process.env.BENCH_BIG ?? 200_000);
  for (const dialect of await testDialects()) {
    if (process.env.BENCH_DB && process.env.BENCH_DB !== dialect) continue;
    await one(dialect, count);
  }
}
