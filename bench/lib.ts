import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { wrkLoad } from './wrk.js';

/** The node flags `npm start` gives the server (package.json), so benches measure the server as it runs. */
export const SERVER_NODE_FLAGS: string[] = (
  JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(' ')
  .filter((a) => a.startsWith('--'));

export interface LoadResult {
  requestsPerSec: number;
  p50: number;
  /** The mean, p90 and worst latency show whether the tail is a spread or a few stalls. */
  mean: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  /** CPU the load generator spent, when it runs as its own process (wrk.ts), and the bench's CPU making its bodies. */
  loadCpuMs?: number;
  setupCpuMs?: number;
}

/** A GET load, or a POST when `body` is given (called per request, so each may differ). */
export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  body?: () => unknown;
}

export async function load(opts: LoadOptions): Promise<LoadResult> {
  if (process.env.BENCH_LOADGEN === 'wrk') {
    if (process.env.BENCH_TIMELINE) console.log('  timeline: not kept for wrk loads (autocannon only)');
    return wrkLoad(opts);
  }
  const body = opts.body;
  let timeline: (() => string) | undefined;
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      {
        url: opts.url,
        connections: opts.connections,
        duration: opts.seconds,
        headers: opts.headers,
        ...(body
          ? {
              method: 'POST' as const,
              requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(body()) }) }],
            }
          : {}),
      },
      (err, result) => (err ? reject(err as Error) : resolve(result)),
    );
    if (process.env.BENCH_TIMELINE) timeline = latencyTimeline(run);
  });
  if (timeline) console.log(`  timeline (steps of ${timelineStep()} ms, answers/p50/max ms): ${timeline()}`);
  return {
    requestsPerSec: r.requests.average,
    p50: r.latency.p50,
    mean: Math.round(r.latency.mean * 10) / 10,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

/** The p-th percentile of values sorted ascending (0 for none). */
export function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
}

const timelineStep = () => (Number(process.env.BENCH_TIMELINE) > 1 ? Number(process.env.BENCH_TIMELINE) : 250);

/**
 * BENCH_TIMELINE=1 (autocannon loads): each quarter second's answers, median and worst latency, to tell a tail spread
 * over the run from one made in a few stalls (a collection, a checkpoint, the machine's other work). BENCH_TIMELINE=50
 * (any number of milliseconds over 1) makes the steps that long. The p99 of the answers after the first second is
 * printed beside the run's: the start, when every connection asks at once, is apart from the load it then holds.
 */
function latencyTimeline(run: autocannon.Instance): () => string {
  const start = performance.now();
  const buckets: number[][] = [];
  const step = timelineStep();
  run.on('response', (_client, _status, _bytes, ms) => {
    (buckets[Math.floor((performance.now() - start) / step)] ??= []).push(ms);
  });
  // A step without answers (a stall) is shown as 0, not skipped.
  const summary = (xs: number[] = []) => {
    if (xs.length === 0) return '0/-/-';
    xs.sort((a, b) => a - b);
    return `${xs.length}/${Math.round(xs[xs.length >> 1]!)}/${Math.round(xs[xs.length - 1]!)}`;
  };
  const p99 = (xs: number[]) => {
    xs.sort((a, b) => a - b);
    return Math.round(percentile(xs, 99));
  };
  return () =>
    `p99 ${p99(buckets.flat())} ms, after the first second ${p99(buckets.slice(Math.ceil(1000 / step)).flat())} ms; ` +
    Array.from({ length: buckets.length }, (_, i) => summary(buckets[i])).join(' ');
}

export async function spawnUntilReady(
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
): Promise<ChildProcess> {
  // BENCH_NODE_FLAGS: extra flags for the server's node (--trace-gc, --cpu-prof, … which NODE_OPTIONS refuses).
  const flags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const proc = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...flags, '--import', 'tsx', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(readyUrl)).status < 500) return proc;
    } catch {
      /* not yet */
    }
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`could not start ${args.join(' ')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function stop(proc: ChildProcess) {
  if (proc.exitCode !== null) return;
  const done = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await done;
}

/** Appends one benchmark's figures to bench/results/latest.json and prints them. */
export function report(name: string, figures: Record<string, unknown>) {
  const dir = path.join(import.meta.dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'latest.json');
  const all = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  all[name] = { ...figures, measuredAt: new Date().toISOString() };
  fs.writeFileSync(file, JSON.stringify(all, null, 2));
  console.log(`\n## ${name}`);
  for (const [k, v] of Object.entries(figures))
    console.log(`  ${k}: ${typeof v === 'number' ? Math.round(v * 100) / 100 : JSON.stringify(v)}`);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/** A JSON POST over a keep-alive socket (fetch may not set the Host header, which picks the tenant). */
export function postJson(
  port: number,
  host: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; json: unknown }> {
  const data = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          host,
          'content-type': 'application/json',
          'content-length': data.length,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString() || 'null') }),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}
