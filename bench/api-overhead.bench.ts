// Our stack (tenant resolution, auth guard, envelope; logging off) on GET /api/sys/tenant/info against bare Fastify.
// Both servers run side by side and are loaded in alternating rounds, so background load hits both alike; the
// median round of each is reported. Each is warmed for BENCH_WARM_SECONDS first: after one second our server was
// still compiling its hot code and three runs read 0.60, 0.76 and 0.72; warmed for five, the rounds of a run stay
// within 0.1 of each other. The CPU each server spends a request is reported beside it: on two cores the load
// generator takes as much CPU a request as the server, so requests/s also moves with it (µs are the server's user
// and system time over the round's requests, /proc ticks of 10 ms).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load, report, spawnUntilReady, stop, type LoadResult } from './lib.js';
import { freePort } from '../tests/support/server.js';
import { processCpuMs } from './cpu.js';

export const name = 'api-overhead';

type Round = LoadResult & { cpuMsPerRequest: number };
/** The middle element of `xs` by `by`. */
const medianBy = <T>(xs: T[], by: (x: T) => number) =>
  [...xs].sort((a, b) => by(a) - by(b))[Math.floor(xs.length / 2)]!;
const us = (ms: number) => Math.round(ms * 10_000) / 10;

/** One round against one server, with the CPU milliseconds the server spent a request meanwhile. */
async function round(pid: number, opts: Parameters<typeof load>[0]) {
  const cpu = processCpuMs(pid);
  const r = await load(opts);
  const requests = r.requestsPerSec * opts.seconds;
  return { ...r, cpuMsPerRequest: requests > 0 ? (processCpuMs(pid) - cpu) / requests : 0 };
}

export async function run(seconds = Number(process.env.BENCH_SECONDS ?? 4), rounds = 5) {
  const warm = Number(process.env.BENCH_WARM_SECONDS ?? 5);
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
  await load({ url: bareUrl, connections, seconds: warm });
  await load({ url: ourUrl, connections, seconds: warm, headers });
  const bareRounds: Round[] = [];
  const ourRounds: Round[] = [];
  for (let i = 0; i < rounds; i++) {
    bareRounds.push(await round(bare.pid!, { url: bareUrl, connections, seconds }));
    ourRounds.push(await round(ours.pid!, { url: ourUrl, connections, seconds, headers }));
  }
  await stop(bare);
  await stop(ours);
  fs.rmSync(dataDir, { recursive: true, force: true });

  const b = medianBy(bareRounds, (r) => r.requestsPerSec);
  const o = medianBy(ourRounds, (r) => r.requestsPerSec);
  report('api-overhead: GET /api/sys/tenant/info vs bare Fastify', {
    connections,
    secondsPerRound: seconds,
    warmSeconds: warm,
    rounds,
    bareRequestsPerSec: b.requestsPerSec,
    ourRequestsPerSec: o.requestsPerSec,
    ratio: o.requestsPerSec / b.requestsPerSec,
    target: '>= 0.80',
    bareRounds: bareRounds.map((r) => `${Math.round(r.requestsPerSec)}/s ${us(r.cpuMsPerRequest)} µs`),
    ourRounds: ourRounds.map((r) => `${Math.round(r.requestsPerSec)}/s ${us(r.cpuMsPerRequest)} µs`),
    roundRatios: ourRounds.map((r, i) => Number((r.requestsPerSec / bareRounds[i]!.requestsPerSec).toFixed(2))),
    bareServerCpuUsPerRequest: us(medianBy(bareRounds, (r) => r.cpuMsPerRequest).cpuMsPerRequest),
    ourServerCpuUsPerRequest: us(medianBy(ourRounds, (r) => r.cpuMsPerRequest).cpuMsPerRequest),
    ourP99ms: o.p99,
    bareP99ms: b.p99,
    ourErrors: ourRounds.reduce((n, r) => n + r.errors + r.non2xx, 0),
  });
}
