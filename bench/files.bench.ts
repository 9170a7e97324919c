// A 100 MB upload streamed to the real server process (SQLite, disk store) as multipart, then downloaded: the
// server's resident memory is sampled every 20 ms throughout, against bare Fastify + @fastify/multipart streaming to
// disk in the same run. BENCH_UPLOAD_MB sets the size.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { ChildProcess } from 'node:child_process';
import { loadConfig } from '../src/server/config.js';
import { openOwnerDatabase, openDatabase } from '../src/server/db/database.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { createTenant } from '../src/server/tenancy/admin.js';
import { postJson, report, spawnUntilReady, stop } from './lib.js';
import { freePort } from '../tests/support/server.js';
import { scratchDatabase } from '../tests/support/databases.js';

export const name = 'files';
const PASSWORD = 'Bench-Pass-123';
const MB = Number(process.env.BENCH_UPLOAD_MB ?? 100);
const CHUNK = 1024 * 1024;

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

/** Samples a process's RSS until stopped; gives the peak and the baseline it started from. */
function sampler(proc: ChildProcess) {
  const base = rssMb(proc.pid!);
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(proc.pid!))), 20);
  return { base, stop: () => (clearInterval(timer), { base, peak, growth: peak - base }) };
}

/** Streams MB megabytes of a PNG-headed file as one multipart part, chunked; answers status, body and seconds. */
function upload(port: number, host: string, path: string, token?: string) {
  const boundary = '----bench' + crypto.randomBytes(8).toString('hex');
  const t0 = performance.now();
  const hash = crypto.createHash('sha256');
  return new Promise<{ status: number; body: string; seconds: number; sha256: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          host,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'transfer-encoding': 'chunked',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body,
            seconds: (performance.now() - t0) / 1000,
            sha256: hash.digest('hex'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const head = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const block = crypto.randomBytes(CHUNK);
    let i = 0;
    const write = () => {
      while (i < MB) {
        const chunk = i === 0 ? Buffer.concat([head, block.subarray(head.length)]) : block;
        hash.update(chunk);
        i++;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      req.end(`\r\n--${boundary}--\r\n`);
    };
    write();
  });
}

function download(port: number, host: string, path: string) {
  const t0 = performance.now();
  const hash = crypto.createHash('sha256');
  return new Promise<{ status: number; seconds: number; sha256: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
        res.on('data', (c: Buffer) => hash.update(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            seconds: (performance.now() - t0) / 1000,
            sha256: hash.digest('hex'),
          }),
        );
      })
      .on('error', reject);
  });
}

async function ours() {
  const scratch = await scratchDatabase('sqlite');
  const env = {
    DATA_DIR: scratch.dataDir,
    DATABASE_URL: '',
    WEB_DIR: '',
    LOG_LEVEL: 'warn',
    SCHEDULER: 'off',
    SEED_DEMO_CONTENT: 'off',
    FILE_MAX_BYTES: String((MB + 10) * CHUNK),
  };
  const config = loadConfig(env);
  const owner = openOwnerDatabase(config);
  await migrateToLatest(owner, 'sqlite');
  const app = openDatabase(config);
  await createTenant(app, {
    domain: 'bench',
    name: 'Bench',
    adminUser: 'admin',
    adminEmail: 'admin@bench.test',
    adminPassword: PASSWORD,
  });
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
    const signed = await postJson(port, host, '/api/identity/Authentication/authenticateiso', {
      username: 'admin',
      password: PASSWORD,
    });
    const token = (signed.json as { data: { token: string } }).data.token;
    await new Promise((r) => setTimeout(r, 500));
    const s = sampler(server);
    const up = await upload(port, host, '/api/form/AWSS3/Upload', token);
    const key = (JSON.parse(up.body) as { data: { key: string }[] }).data?.[0]?.key;
    if (up.status !== 200 || !key) throw new Error(`upload failed: ${up.status} ${up.body}`);
    const down = await download(port, host, `/api/form/AWSS3/GetFile?key=${key}&x-token=${token}`);
    const mem = s.stop();
    if (down.sha256 !== up.sha256) throw new Error('the downloaded file differs from the upload');
    return { up, down, mem };
  } finally {
    await stop(server);
  }
}

async function reference() {
  const port = await freePort();
  const server = await spawnUntilReady(
    ['bench/bare-upload.ts'],
    { PORT: String(port) },
    `http://127.0.0.1:${port}/readyz`,
  );
  try {
    await new Promise((r) => setTimeout(r, 500));
    const s = sampler(server);
    const up = await upload(port, 'localhost', '/upload');
    if (up.status !== 200) throw new Error(`reference upload failed: ${up.status} ${up.body}`);
    return { up, mem: s.stop() };
  } finally {
    await stop(server);
  }
}

export async function run() {
  const ref = await reference();
  const our = await ours();
  report('files', {
    uploadMb: MB,
    oursUploadSeconds: our.up.seconds,
    oursUploadMbPerSec: MB / our.up.seconds,
    oursDownloadSeconds: our.down.seconds,
    oursRssBaseMb: our.mem.base,
    oursRssPeakMb: our.mem.peak,
    oursRssGrowthMb: our.mem.growth,
    referenceUploadSeconds: ref.up.seconds,
    referenceRssBaseMb: ref.mem.base,
    referenceRssPeakMb: ref.mem.peak,
    referenceRssGrowthMb: ref.mem.growth,
    sameBytesBack: true,
  });
}
