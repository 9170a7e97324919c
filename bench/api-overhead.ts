// Our stack (tenant resolution, envelope, logging off) on GET /api/sys/tenant/info against bare Fastify, same run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load, report, spawnUntilReady, stop } from './lib.js';
import { freePort } from '../tests/support/server.js';

export async function apiOverhead(seconds = Number(process.env.BENCH_SECONDS ?? 5)) {
  const connections = 50;
  const barePort = await freePort();
  const bare = await spawnUntilReady(['bench/bare-fastify.ts'], { PORT: String(barePort) }, `http://127.0.0.1:${barePort}/api/sys/tenant/info`);
  await load({ url: `http://127.0.0.1:${barePort}/api/sys/tenant/info`, connections, seconds: 1 });
  const bareResult = await load({ url: `http://127.0.0.1:${barePort}/api/sys/tenant/info`, connections, seconds });
  await stop(bare);

  const ourPort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ff-bench-'));
  const ours = await spawnUntilReady(
    ['src/server/main.ts'],
    { PORT: String(ourPort), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIR: '', SEED_ADMIN_PASSWORD: 'x-bench-1', SEED_USER_PASSWORD: 'x-bench-2' },
    `http://127.0.0.1:${ourPort}/readyz`,
  );
  const url = `http://127.0.0.1:${ourPort}/api/sys/tenant/info`;
  const headers = { host: `demo.localhost:${ourPort}` };
  await load({ url, connections, seconds: 1, headers });
  const ourResult = await load({ url, connections, seconds, headers });
  await stop(ours);
  fs.rmSync(dataDir, { recursive: true, force: true });

  report('api-overhead: GET /api/sys/tenant/info vs bare Fastify', {
    connections,
    seconds,
    bareRequestsPerSec: bareResult.requestsPerSec,
    ourRequestsPerSec: ourResult.requestsPerSec,
    ratio: ourResult.requestsPerSec / bareResult.requestsPerSec,
    target: '>= 0.80',
    ourP99ms: ourResult.p99,
    bareP99ms: bareResult.p99,
    ourErrors: ourResult.errors + ourResult.non2xx,
  });
}
