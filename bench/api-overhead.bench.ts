// Our stack (tenant resolution, auth guard, envelope; logging off) on GET /api/sys/tenant/info against bare Fastify.
// Both servers run side by side and are loaded in alternating rounds, so background load hits both alike; the
// median round of each is reported.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load, report, spawnUntilReady, stop, type LoadResult } from './lib.js';
import { freePort } from '../tests/support/server.js';

export const name = 'api-overhead';

const median = (xs: LoadResult[]) =>
  [...xs].sort((a, b) => a.requestsPerSec - b.requestsPerSec)[Math.floor(xs.length / 2)]!;

export async function run(seconds = Number(process.env.BENCH_SECONDS ?? 4), rounds = 3) {
  const connections = 50;
  const barePort = await freePort();
  const bareUrl = `http://127.0.0.1:${barePort}/api/sys/tenant/info`;
  const bare = await spawnUntilReady(['bench/bare-fastify.ts'], { PORT: String(barePort) }, bareUrl);

  const ourPort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ff-bench-'));
  const ours = await spawnUntilReady(
    ['src/server/main.ts'],
    {
      PORT: String(ourPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIR: '',
      SEED_ADMIN_PASSWORD: 'x-bench-1',
      SEED_USER_PASSWORD: 'x-bench-2',
    },
    `http://127.0.0.1:${ourPort}/readyz`,
  );
  const ourUrl = `http://127.0.0.1:${ourPort}/api/sys/tenant/info`;
  const headers = { host: `demo.localhost:${ourPort}` };

  // Warm both (JIT, tenant cache), then alternate.
  await load({ url: bareUrl, connections, seconds: 1 });
  await load({ url: ourUrl, connections, seconds: 1, headers });
  const bareRounds: LoadResult[] = [];
  const ourRounds: LoadResult[] = [];
  for (let i = 0; i < rounds; i++) {
    bareRounds.push(await load({ url: bareUrl, connections, seconds }));
    ourRounds.push(await load({ url: ourUrl, connections, seconds, headers }));
  }
  await stop(bare);
  await stop(ours);
  fs.rmSync(dataDir, { recursive: true, force: true });

  const b = median(bareRounds);
  const o = median(ourRounds);
  report('api-overhead: GET /api/sys/tenant/info vs bare Fastify', {
    connections,
    secondsPerRound: seconds,
    rounds,
    bareRequestsPerSec: b.requestsPerSec,
    ourRequestsPerSec: o.requestsPerSec,
    ratio: o.requestsPerSec / b.requestsPerSec,
    target: '>= 0.80',
    ourP99ms: o.p99,
    bareP99ms: b.p99,
    ourErrors: ourRounds.reduce((n, r) => n + r.errors + r.non2xx, 0),
  });
}
