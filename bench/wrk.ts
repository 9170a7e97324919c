import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoadOptions, LoadResult } from './lib.js';

/**
 * BENCH_LOADGEN=wrk: the load is made by wrk (Debian's package `wrk`), a C load generator, instead of autocannon in
 * the bench's own process. Under a load of large answers autocannon's process pauses for its own collections (every
 * half second, up to ~100 ms, the reads' buffers counting as external memory); a pause delays every answer in
 * flight, and the delay is counted as the server's latency. POST bodies are made beforehand by `body` (200,000, so a
 * load of distinct pages rarely repeats one) and each request takes one at random. BENCH_WRK_THREADS sets wrk's
 * threads (2; with 1 its one thread leaves the server more of the two cores, its figures the same within the noise).
 */
export async function wrkLoad(opts: LoadOptions): Promise<LoadResult & { loadCpuMs: number; setupCpuMs: number }> {
  const setup = process.cpuUsage();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ff-wrk-'));
  try {
    const bodies = path.join(dir, 'bodies.txt');
    if (opts.body)
      fs.writeFileSync(bodies, Array.from({ length: 200_000 }, () => JSON.stringify(opts.body!())).join('\n'));
    const script = path.join(dir, 'load.lua');
    fs.writeFileSync(script, luaScript(opts.body ? bodies : undefined));
    // wrk sends its own Host unless one is given as "Host" (a lowercase "host" would make two).
    const headers = Object.entries(opts.headers ?? {}).flatMap(([k, v]) => [
      '-H',
      `${k === 'host' ? 'Host' : k}: ${v}`,
    ]);
    const args = [
      '-t',
      process.env.BENCH_WRK_THREADS ?? '2',
      '-c',
      String(opts.connections),
      '-d',
      `${opts.seconds}s`,
      '-s',
      script,
      ...headers,
      opts.url,
    ];
    const setupCpu = process.cpuUsage(setup);
    const before = childrenCpuMs();
    const out = await new Promise<string>((resolve, reject) => {
      const p = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      p.stdout.on('data', (d: Buffer) => (text += d.toString()));
      p.on('error', (err) => reject(new Error(`wrk could not start (apt-get install wrk): ${err.message}`)));
      p.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}: ${text}`))));
    });
    const line = out.split('\n').find((l) => l.startsWith('{"requests"'));
    if (!line) throw new Error(`wrk gave no figures: ${out}`);
    const r = JSON.parse(line) as Record<WrkFigure, number>;
    const ms = (us: number) => Math.round(us / 100) / 10;
    return {
      requestsPerSec: Math.round((r.requests / (r.durationUs / 1e6)) * 10) / 10,
      p50: ms(r.p50),
      mean: ms(r.mean),
      p90: ms(r.p90),
      p99: ms(r.p99),
      max: ms(r.max),
      errors: r.connect + r.read + r.write + r.timeout,
      non2xx: r.status,
      loadCpuMs: childrenCpuMs() - before,
      setupCpuMs: (setupCpu.user + setupCpu.system) / 1000,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

type WrkFigure =
  | 'requests'
  | 'durationUs'
  | 'p50'
  | 'p90'
  | 'p99'
  | 'mean'
  | 'max'
  | 'connect'
  | 'read'
  | 'write'
  | 'timeout'
  | 'status';

/** CPU time of this process's ended children (wrk, once waited for), from /proc. */
function childrenCpuMs(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // After the command's name: cutime and cstime are fields 16 and 17 of stat, here 13 and 14, in clock ticks.
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

function luaScript(bodies: string | undefined): string {
  const request = bodies
    ? `local bodies = {}
for line in io.lines(${JSON.stringify(bodies)}) do bodies[#bodies + 1] = line end
wrk.method = "POST"
request = function()
  return wrk.format(nil, nil, nil, bodies[math.random(#bodies)])
end
`
    : '';
  return `${request}
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"durationUs":%d,"p50":%d,"p90":%d,"p99":%d,"mean":%d,"max":%d,' ..
    '"connect":%d,"read":%d,"write":%d,"timeout":%d,"status":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90), latency:percentile(99),
    latency.mean, latency.max, e.connect, e.read, e.write, e.timeout, e.status))
end
`;
}
