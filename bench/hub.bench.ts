// Task hub on one node: how many SignalR JSON-protocol WebSocket connections it holds and at what RSS; the fan-out
// rate of per-user messages with p99 delivery latency; and the server's event-loop delay under that load.
//
// The real server runs with REDIS_URL pointing at a private redis-server; messages enter the way another node's
// would: published on the hub's bus channel in the bus's packet format (src/server/hub/bus.ts: routing key, then
// the SignalR frame the sending node serialized), so the server routes each one and writes it to the user's socket.
// The publisher writes pipelined RESP on a raw socket so that it is not the bottleneck on a loaded machine. Load clients are two child processes (this file with HUB_BENCH_WORKER=1) speaking the protocol over `ws`:
// negotiate, WebSocket with the access token, handshake, pings. Event-loop delay and RSS come from a bench-only
// preload in the server process (perf_hooks.monitorEventLoopDelay), answered over the IPC channel; nothing is
// added to the server itself.
// BENCH_PROF=<dir> writes a CPU profile of the server.
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { report, SERVER_NODE_FLAGS } from './lib.js';
import { freePort } from '../tests/support/server.js';
import { openDatabase } from '../src/server/db/database.js';
import { SigningKeys } from '../src/server/identity/keys.js';
import { busKey, busPacket, HUB_CHANNEL } from '../src/server/hub/bus.js';

export const name = 'hub';

const CONNECTIONS = Number(process.env.HUB_BENCH_CONNECTIONS ?? 10_000);
// msg/s; a later stage runs only when the one before misses its target
const RATES = (process.env.HUB_BENCH_RATES ?? '20000,10000').split(',').map(Number);
const STAGE_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WORKERS = 2;
const BUS_CHANNEL = HUB_CHANNEL;
const RS = '\u001e';
const now = () => performance.timeOrigin + performance.now();

// ---------------------------------------------------------------------------------------------------------------
// Load-client worker: holds its share of connections and records delivery latencies.

interface Conn {
  userId: string;
  token: string;
}
type WorkerCmd =
  { cmd: 'connect'; base: string; conns: Conn[] } | { cmd: 'reset' } | { cmd: 'collect' } | { cmd: 'close' };

async function worker() {
  const sockets: WebSocket[] = [];
  let latencies: number[] = [];
  let lastAt = 0;
  const send = (m: object) => process.send!(m);

  // Only the send time is read from each frame, so the clients spend little of the shared CPU.
  const onFrame = (data: WebSocket.RawData) => {
    const at = now();
    const text = data.toString();
    for (let i = text.indexOf('"sent":'); i !== -1; i = text.indexOf('"sent":', i + 7)) {
      latencies.push(at - parseFloat(text.slice(i + 7, i + 32)));
      lastAt = at;
    }
  };

  const open = async (base: string, c: Conn): Promise<void> => {
    const q = `userId=${encodeURIComponent(c.userId)}`;
    const neg = await fetch(`${base}/TaskHub/negotiate?negotiateVersion=1&${q}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.token}` },
    });
    if (!neg.ok) throw new Error(`negotiate ${neg.status}`);
    const { connectionToken } = (await neg.json()) as { connectionToken: string };
    const url = `${base.replace('http', 'ws')}/TaskHub?${q}&id=${connectionToken}&access_token=${encodeURIComponent(c.token)}`;
    await new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      const fail = (e: unknown) => reject(e instanceof Error ? e : new Error(String(e)));
      ws.once('error', fail);
      ws.once('unexpected-response', (_req, res) => fail(new Error(`upgrade ${res.statusCode}`)));
      ws.once('open', () => ws.send(JSON.stringify({ protocol: 'json', version: 1 }) + RS));
      ws.once('message', (d) => {
        if (d.toString() !== '{}' + RS) return fail(new Error(`handshake answer ${d.toString()}`));
        ws.on('message', onFrame);
        ws.off('error', fail);
        ws.on('error', () => undefined);
        sockets.push(ws);
        resolve();
      });
    });
  };

  // Clients ping like @microsoft/signalr does, so the hub's 30 s idle timeout never closes them.
  setInterval(() => {
    for (const s of sockets) if (s.readyState === WebSocket.OPEN) s.send('{"type":6}' + RS);
  }, 10_000).unref();

  process.on('message', async (m: WorkerCmd) => {
    if (m.cmd === 'connect') {
      let ok = 0;
      const errors = new Map<string, number>();
      let next = 0;
      const lane = async () => {
        while (next < m.conns.length) {
          const c = m.conns[next++]!;
          try {
            await open(m.base, c);
            ok++;
          } catch (e) {
            const k = e instanceof Error ? e.message : String(e);
            errors.set(k, (errors.get(k) ?? 0) + 1);
          }
        }
      };
      await Promise.all(Array.from({ length: 64 }, lane));
      send({ cmd: 'connected', ok, errors: Object.fromEntries(errors) });
    } else if (m.cmd === 'reset') {
      latencies = [];
      lastAt = 0;
      send({ cmd: 'reset' });
    } else if (m.cmd === 'collect') {
      const open = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
      send({ cmd: 'collected', latencies, lastAt, open });
    } else if (m.cmd === 'close') {
      for (const s of sockets) s.terminate();
      process.exit(0);
    }
  });
  send({ cmd: 'ready' });
}

if (process.env.HUB_BENCH_WORKER === '1') await worker();

// ---------------------------------------------------------------------------------------------------------------
// Orchestrator.

/** Bench-only preload for the server process: event-loop delay histogram and memory, read over IPC. */
const PRELOAD = `
import { monitorEventLoopDelay } from 'node:perf_hooks';
const h = monitorEventLoopDelay({ resolution: 10 });
h.enable();
let cpu = process.cpuUsage();
process.on('message', (m) => {
  if (m === 'eld:reset') { h.reset(); cpu = process.cpuUsage(); process.send({ reset: true }); }
  if (m === 'eld:read') { const c = process.cpuUsage(cpu);
    process.send({ p50: h.percentile(50) / 1e6, p99: h.percentile(99) / 1e6, max: h.max / 1e6,
    rss: process.memoryUsage().rss, maxRss: process.resourceUsage().maxRSS * 1024, cpuMs: (c.user + c.system) / 1e3 }); }
});
process.channel?.unref();
`;

interface Eld {
  p50: number;
  p99: number;
  max: number;
  rss: number;
  maxRss: number;
  /** server CPU time since the last reset */
  cpuMs: number;
}

function ask<T>(proc: ChildProcess, msg: unknown, match: (m: unknown) => boolean, timeoutMs = 600_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to ${JSON.stringify(msg)}`)), timeoutMs);
    const on = (m: unknown) => {
      if (!match(m)) return;
      clearTimeout(timer);
      proc.off('message', on);
      resolve(m as T);
    };
    proc.on('message', on);
    if (msg !== undefined) proc.send(msg as object);
  });
}

const softFdLimit = (pid: number | 'self') => {
  const line = fs
    .readFileSync(`/proc/${pid}/limits`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'))!;
  return Number(line.split(/\s+/)[3]);
};

/** Raises a process's open-file limit when it is below what the run needs (prlimit; root may raise the hard limit). */
function ensureFds(pid: number, need: number) {
  if (softFdLimit(pid) >= need) return;
  execFileSync('prlimit', ['--pid', String(pid), `--nofile=${need}:${need}`]);
  if (softFdLimit(pid) < need) throw new Error(`cannot raise the open-file limit of ${pid} to ${need}`);
}

async function waitFor(check: () => Promise<boolean>, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > end) throw new Error(`${what} did not become ready`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : NaN;
const MB = (b: number) => b / 1024 / 1024;

/**
 * A publisher on a raw Redis socket: a batch of PUBLISH commands is one write of RESP text, and replies (one
 * integer line each) are only counted, so the bench spends next to nothing per message.
 */
async function rawPublisher(port: number) {
  const sock = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => sock.once('connect', resolve).once('error', reject));
  sock.setNoDelay(true);
  let pending = 0;
  let waiters: Array<() => void> = [];
  sock.on('data', (d: Buffer) => {
    for (let i = d.indexOf(10); i !== -1; i = d.indexOf(10, i + 1)) pending--;
    if (pending <= 0) for (const w of waiters.splice(0)) w();
  });
  const head = `*3\r\n$7\r\nPUBLISH\r\n$${Buffer.byteLength(BUS_CHANNEL)}\r\n${BUS_CHANNEL}\r\n`;
  return {
    get pending() {
      return pending;
    },
    write(packets: string[]) {
      let out = '';
      for (const p of packets) out += `${head}$${Buffer.byteLength(p)}\r\n${p}\r\n`;
      pending += packets.length;
      sock.write(out);
    },
    settled: () => (pending <= 0 ? Promise.resolve() : new Promise<void>((r) => waiters.push(r))),
    close: () => {
      waiters = [];
      sock.destroy();
    },
  };
}

export async function run() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ff-hub-bench-'));
  const procs: ChildProcess[] = [];
  const redisPort = await freePort();
  const redis = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  procs.push(redis);
  const redisUrl = `redis://127.0.0.1:${redisPort}`;
  let pub: Awaited<ReturnType<typeof rawPublisher>> | undefined;
  try {
    await waitFor(
      () =>
        new Promise<boolean>((resolve) => {
          const s = net.connect(redisPort, '127.0.0.1', () => resolve(!!s.end()));
          s.on('error', () => resolve(false));
        }),
      'redis-server',
    );
    pub = await rawPublisher(redisPort);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = spawn(
      process.execPath,
      [
        ...SERVER_NODE_FLAGS,
        ...(process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []),
        '--import',
        'tsx',
        '--import',
        `data:text/javascript,${encodeURIComponent(PRELOAD)}`,
        'src/server/main.ts',
      ],
      {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          WEB_DIR: '',
          REDIS_URL: redisUrl,
          SEED_ADMIN_PASSWORD: 'x-bench-1',
          SEED_USER_PASSWORD: 'x-bench-2',
        },
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      },
    );
    procs.push(server);
    await waitFor(async () => (await fetch(`${base}/readyz`)).ok, 'server');
    ensureFds(server.pid!, CONNECTIONS + 4096);
    const eld = (m: 'eld:reset' | 'eld:read') =>
      ask<Eld>(
        server,
        m,
        (x) => typeof x === 'object' && x !== null && (m === 'eld:reset' ? 'reset' in x : 'p99' in x),
      );

    // A real sign-in proves the key and gives the tenant; the load users' tokens are signed with the same key.
    const signIn = await fetch(`${base}/api/identity/Authentication/authenticateiso`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(JSON.stringify({ username: 'user', password: 'x-bench-2' })),
    });
    const realToken = ((await signIn.json()) as { data: { token: string } }).data.token;
    const tenantId = (JSON.parse(Buffer.from(realToken.split('.')[1]!, 'base64url').toString()) as { tid: string }).tid;
    const db = openDatabase({ dataDir });
    const keys = new SigningKeys(db.system);
    // The hub takes a token only while its user is active and its session alive: each load user is a real user
    // with a session of its own, written beside the running server.
    const conns: Conn[] = [];
    const stamp = new Date().toISOString();
    const expires = new Date(Date.now() + 3_600_000).toISOString();
    for (let from = 0; from < CONNECTIONS; from += 500) {
      const ids = Array.from({ length: Math.min(500, CONNECTIONS - from) }, (_, k) => `bench-user-${from + k}`);
      await db.system
        .insertInto('users')
        .values(
          ids.map((id) => ({
            id,
            tenant_id: tenantId,
            username: id,
            email: `${id}@bench.test`,
            fullname: id,
            password_hash: null,
            is_sys_admin: 0,
            is_administrator: 0,
            is_full_user: 1,
            is_consultant: 0,
            license: 'FULL_USER',
            status: 'active' as const,
            password_changed_on: null,
            preferences: '{}',
            totp_secret: null,
            totp_enabled: 0,
            totp_last_step: null,
            security_questions: '[]',
            avatar: null,
            created_on: stamp,
            modified_on: stamp,
          })),
        )
        .execute();
      await db.system
        .insertInto('refresh_tokens')
        .values(
          ids.map((id) => ({
            id,
            tenant_id: tenantId,
            user_id: id,
            family_id: `s-${id}`,
            token_hash: id,
            expires_on: expires,
            created_on: stamp,
          })),
        )
        .execute();
      for (const userId of ids)
        conns.push({
          userId,
          token: (await keys.sign({ sub: userId, tid: tenantId, sid: `s-${userId}`, roles: '' }, 3600)).token,
        });
    }
    await db.close();

    const baseline = await eld('eld:read');
    const workers: ChildProcess[] = [];
    for (let w = 0; w < WORKERS; w++) {
      const child = fork(path.join(import.meta.dirname, 'hub.bench.ts'), [], {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, HUB_BENCH_WORKER: '1' },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      procs.push(child);
      workers.push(child);
      await ask(child, undefined, (m) => (m as { cmd?: string }).cmd === 'ready');
      ensureFds(child.pid!, Math.ceil(CONNECTIONS / WORKERS) + 4096);
    }
    const shares = workers.map((_, w) => conns.filter((_, i) => i % WORKERS === w));
    const t0 = Date.now();
    const connected = await Promise.all(
      workers.map((w, i) =>
        ask<{ ok: number; errors: Record<string, number> }>(
          w,
          { cmd: 'connect', base, conns: shares[i]! },
          (m) => (m as { cmd?: string }).cmd === 'connected',
        ),
      ),
    );
    const connectSeconds = (Date.now() - t0) / 1000;
    const held = connected.reduce((n, c) => n + c.ok, 0);
    const connectErrors = Object.assign({}, ...connected.map((c) => c.errors)) as Record<string, number>;
    await new Promise((r) => setTimeout(r, 3000));
    const afterConnect = await eld('eld:read');

    // The load users are spread over the workers in order, so user i is held by worker i % WORKERS.
    const heldUsers = conns.map((c) => c.userId);
    // A notification as the server pushes it; `sent` goes last so the clients find it cheaply.
    const body = JSON.stringify({
      notification_type_name: 'submit',
      current_step: 'Approve',
      task_id: '6f1c2b7e-1d0a-4f39-9a55-0d3b7d0c2f11',
      module_id: '0c8c5b7a-2f4e-4f0b-8a0e-0a7b8d1c9e22',
      record_id: '9a0e1d2c-3b4a-4c5d-8e6f-7a8b9c0d1e33',
      record_created_by: 'bench',
      notification_content: 'Leave request is waiting for your approval',
      created_on: new Date().toISOString(),
      read_on: null,
    }).slice(1, -1);
    const routeKeys = heldUsers.map((u) => busKey(tenantId, u));
    const sample = (i: number, sent: number) =>
      busPacket(
        routeKeys[i % routeKeys.length]!,
        `{"type":1,"target":"ReceiveNotification","arguments":[{"id":"bench-${i}",${body},"sent":${sent}}]}${RS}`,
      );
    const collect = async () => {
      const parts = await Promise.all(
        workers.map((w) =>
          ask<{ latencies: number[]; lastAt: number; open: number }>(
            w,
            { cmd: 'collect' },
            (m) => (m as { cmd?: string }).cmd === 'collected',
          ),
        ),
      );
      return {
        latencies: parts.flatMap((p) => p.latencies),
        lastAt: Math.max(...parts.map((p) => p.lastAt)),
        open: parts.reduce((n, p) => n + p.open, 0),
      };
    };
    const resetAll = () =>
      Promise.all([
        ...workers.map((w) => ask(w, { cmd: 'reset' }, (m) => (m as { cmd?: string }).cmd === 'reset')),
        eld('eld:reset'),
      ]);

    // Probe: one message must arrive, or the bench is not talking to the hub's channel.
    await resetAll();
    pub.write([sample(0, now())]);
    await waitFor(
      async () => (await collect()).latencies.length === 1,
      `a probe on '${BUS_CHANNEL}' (bus channel changed?)`,
      5000,
    );

    const stages: Record<string, unknown>[] = [];
    let seq = 1;
    for (const rate of RATES) {
      // Two seconds of warm-up at the same rate, then the measured stage.
      for (const [seconds, measured] of [
        [2, false],
        [STAGE_SECONDS, true],
      ] as const) {
        await resetAll();
        const start = now();
        let sent = 0;
        const total = rate * seconds;
        while (sent < total) {
          const due = Math.min(total, Math.floor(((now() - start) / 1000) * rate));
          if (due > sent && pub.pending < rate) {
            const batch: string[] = [];
            for (; sent < due; sent++) batch.push(sample(seq++, now()));
            pub.write(batch);
          }
          await new Promise((r) => setTimeout(r, 1));
        }
        await pub.settled();
        const sendSeconds = (now() - start) / 1000;
        await waitFor(async () => (await collect()).latencies.length >= sent, 'deliveries', 5000).catch(
          () => undefined,
        );
        if (!measured) continue;
        const loop = await eld('eld:read');
        const got = await collect();
        const lat = got.latencies.sort((a, b) => a - b);
        const deliveredPerSec = lat.length / ((got.lastAt - start) / 1000);
        stages.push({
          offeredPerSec: rate,
          sent,
          sendSeconds,
          delivered: lat.length,
          deliveredPerSec,
          latencyP50ms: pct(lat, 50),
          latencyP99ms: pct(lat, 99),
          latencyMaxms: lat.at(-1),
          eventLoopDelayP50ms: loop.p50,
          eventLoopDelayP99ms: loop.p99,
          eventLoopDelayMaxms: loop.max,
          serverRssMB: MB(loop.rss),
          // CPU the server spent per delivered message: comparable across runs even when the machine is loaded
          serverCpuUsPerMessage: (loop.cpuMs * 1000) / Math.max(1, lat.length),
          connectionsOpen: got.open,
        });
      }
      const last = stages.at(-1) as { deliveredPerSec: number; latencyP99ms: number; delivered: number; sent: number };
      if (last.deliveredPerSec >= 20_000 && last.latencyP99ms <= 250 && last.delivered === last.sent) break;
    }
    const peak = await eld('eld:read');
    for (const w of workers) w.send({ cmd: 'close' });

    report('hub: connections, RSS, fan-out and event-loop delay on one node', {
      connectionsTried: CONNECTIONS,
      connectionsHeld: held,
      connectErrors,
      connectSeconds,
      serverRssIdleMB: MB(baseline.rss),
      serverRssWithConnectionsMB: MB(afterConnect.rss),
      rssPerConnectionKB: (afterConnect.rss - baseline.rss) / 1024 / Math.max(1, held),
      serverPeakRssMB: MB(peak.maxRss),
      rssTarget: '10,000 connections <= 1024 MB',
      fanout: stages,
      fanoutTarget: '>= 20,000 msg/s at p99 <= 250 ms',
      machine: `${os.cpus().length} CPUs shared with other work; server, redis-server, ${WORKERS} load clients and the publisher all on it`,
    });
  } finally {
    pub?.close();
    for (const p of procs.reverse()) {
      if (p.exitCode !== null || p.signalCode !== null) continue;
      const exited = new Promise((r) => p.once('exit', r));
      p.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
