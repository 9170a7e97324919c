// Sign-in throughput through HTTP (POST authenticateiso with the seeded user, a new session per request) and the
// argon2id cost of one hash in CPU milliseconds. The hash should cost 50–150 ms of one core (issue 3), so the
// HTTP figure is bounded by about cores × 1000 / cost.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { hashPassword, verifyPassword } from '../src/server/identity/passwords.js';
import { report, spawnUntilReady, stop } from './lib.js';
import { freePort } from '../tests/support/server.js';

export const name = 'sign-in';

/**
 * CPU time (user + system of this process, which includes the libuv thread doing the hash) and wall time per
 * argon2id hash, hashed one at a time; medians, since the machine may be shared.
 */
async function argonCost(n: number) {
  await hashPassword('warm-up-pass');
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < n; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await hashPassword(`Correct-Horse-${i}`);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    wall.push(performance.now() - t0);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const hash = await hashPassword('Correct-Horse-9');
  const v0 = performance.now();
  await verifyPassword(hash, 'Correct-Horse-9');
  return { cpuMsPerHash: median(cpu), wallMsPerHash: median(wall), verifyWallMs: performance.now() - v0 };
}

export async function run(seconds = Number(process.env.BENCH_SECONDS ?? 6)) {
  const cost = await argonCost(Number(process.env.BENCH_HASHES ?? 31));

  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ff-bench-signin-'));
  const server = await spawnUntilReady(
    ['src/server/main.ts'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIR: '',
      SEED_ADMIN_PASSWORD: 'x-bench-1',
      SEED_USER_PASSWORD: 'x-bench-2',
    },
    `http://127.0.0.1:${port}/readyz`,
  );
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
  const opts = {
    url: `http://127.0.0.1:${port}/api/identity/Authentication/authenticateiso`,
    method: 'POST' as const,
    headers: { host: `demo.localhost:${port}`, 'content-type': 'application/json' },
    body: JSON.stringify(JSON.stringify({ username: 'user', password: 'x-bench-2' })),
    connections,
  };
  try {
    await autocannon({ ...opts, duration: 1 }); // warm-up
    const r = await autocannon({ ...opts, duration: seconds });
    const cores = os.availableParallelism();
    report('sign-in: POST authenticateiso (argon2id verify + session) through HTTP', {
      signInsPerSec: r.requests.average,
      p50ms: r.latency.p50,
      p99ms: r.latency.p99,
      errors: r.errors + r.non2xx,
      connections,
      seconds,
      argon2CpuMsPerHash: cost.cpuMsPerHash,
      argon2WallMsPerHash: cost.wallMsPerHash,
      argon2Budget: '50–150 ms of one core',
      argon2WithinBudget: cost.cpuMsPerHash >= 50 && cost.cpuMsPerHash <= 150,
      ceilingSignInsPerSec: (cores * 1000) / cost.cpuMsPerHash,
      cores,
      loadAverage1m: os.loadavg()[0],
    });
  } finally {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
