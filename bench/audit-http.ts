// What auditing costs approval throughput as users meet it (part of audit.bench.ts): approvals over the HTTP API
// (engine.bench.ts's load: keep-alive connections, each approving the task the last approval opened) against two
// server processes in the default set-up, each on its own seeded database, one as shipped and one whose audit
// inserts do nothing (bench/unaudited.mjs, loaded into every thread of that process). Rounds alternate on, off,
// off, on, … after a warm-up of each, so both see the same machine; the audited server's sealer runs as in service.
// BENCH_AUDIT_HTTP_ROUNDS (default 8) rounds of BENCH_AUDIT_HTTP_SECONDS (default 4), BENCH_CONNECTIONS (default 10),
// BENCH_AUDIT_HTTP_INSTANCES (default 5,000) seeded instances per side.
import fs from 'node:fs';
import http from 'node:http';
import type { ChildProcess } from 'node:child_process';
import { report, spawnUntilReady, stop } from './lib.js';
import { approvals, cpuSeconds, postgresCpuSeconds, postJson, seed, type Seeded } from './engine.bench.js';
import { freePort } from '../tests/support/server.js';
import { scratchDatabase } from '../tests/support/databases.js';
import type { DialectName } from '../src/server/db/database.js';

const ROUNDS = Number(process.env.BENCH_AUDIT_HTTP_ROUNDS ?? 8);
const SECONDS = Number(process.env.BENCH_AUDIT_HTTP_SECONDS ?? 4);
/** Instances seeded per side: each gives a chain of approvals, enough that no round runs out of tasks. */
const INSTANCES = Number(process.env.BENCH_AUDIT_HTTP_INSTANCES ?? 5000);
const PASSWORD = 'Bench-Pass-123';

interface Side {
  proc: ChildProcess;
  port: number;
  token: string;
  queue: string[];
  seeded: Seeded;
  env: Record<string, string>;
}

async function side(dialect: DialectName, audited: boolean, drops: (() => Promise<void>)[]): Promise<Side> {
  const scratch = await scratchDatabase(dialect);
  drops.push(() => scratch.drop());
  const env = { DATA_DIR: scratch.dataDir, DATABASE_URL: scratch.databaseUrl ?? '', WEB_DIR: '' };
  const seeded = await seed(dialect, env, INSTANCES);
  const port = await freePort();
  const proc = await spawnUntilReady(
    [...(audited ? [] : ['--import', './bench/unaudited.mjs']), 'src/server/main.ts'],
    { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    `http://127.0.0.1:${port}/readyz`,
  );
  drops.push(() => stop(proc));
  const agent = new http.Agent({ keepAlive: true });
  const signIn = await postJson(agent, port, '/api/identity/Authentication/authenticateiso', {
    username: 'admin',
    password: PASSWORD,
  });
  agent.destroy();
  return { proc, port, token: signIn.json.data.token as string, queue: [...seeded.hotTasks], seeded, env };
}

/** Audit entries in a side's database (the audited one has one per approval, the other none). */
async function entries(dialect: DialectName, s: Side): Promise<number> {
  if (dialect === 'sqlite') {
    const { default: SQLite } = await import('better-sqlite3');
    const db = new SQLite(`${s.env.DATA_DIR}/flowforms.sqlite`, { readonly: true });
    try {
      // Entries the sealer has not moved from the inbox yet count too (migration 0134).
      const n = (table: string) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
      return n('audit_events') + n('audit_inbox');
    } finally {
      db.close();
    }
  }
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: s.env.DATABASE_URL });
  await c.connect();
  try {
    return Number((await c.query('select count(*) as n from audit_events')).rows[0].n);
  } finally {
    await c.end();
  }
}

export async function approvalsOverHttp(dialect: DialectName) {
  const drops: (() => Promise<void>)[] = [];
  try {
    const on = await side(dialect, true, drops);
    const off = await side(dialect, false, drops);
    const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
    const sides = { on, off };
    for (const s of [on, off]) await approvals(s.port, s.token, s.queue, connections, 2); // warm-up
    const done = { on: 0, off: 0 };
    const spent = { on: 0, off: 0 };
    const cpu = { on: 0, off: 0 };
    const blocks: number[] = [];
    let block = { on: 0, off: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const mode = round % 4 === 0 || round % 4 === 3 ? 'on' : 'off';
      const s = sides[mode];
      const c0 = cpuSeconds(s.proc.pid) + (dialect === 'postgres' ? postgresCpuSeconds() : 0);
      const r = await approvals(s.port, s.token, s.queue, connections, SECONDS);
      cpu[mode] += cpuSeconds(s.proc.pid) + (dialect === 'postgres' ? postgresCpuSeconds() : 0) - c0;
      if (r.errors) throw new Error(`${r.errors} approvals failed (${mode})`);
      if (!s.queue.length) throw new Error(`the ${mode} side ran out of tasks: raise BENCH_AUDIT_HTTP_INSTANCES`);
      done[mode] += r.count;
      spent[mode] += r.count / r.perSec;
      block[mode] += r.perSec;
      if (round % 4 === 3) {
        // Two rounds of each mode: the ratio of their summed rates.
        blocks.push(1 - block.on / block.off);
        block = { on: 0, off: 0 };
      }
    }
    const rate = (m: 'on' | 'off') => done[m] / spent[m];
    const sorted = [...blocks].sort((a, b) => a - b);
    const median = sorted.length
      ? (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2
      : 0;
    const pct = (x: number) => Math.round(x * 1000) / 10;
    report(`audit cost of approvals over HTTP ${dialect}`, {
      approvals: done.on + done.off,
      withAuditPerSecond: Math.round(rate('on')),
      withoutAuditPerSecond: Math.round(rate('off')),
      auditCostPercent: pct(1 - rate('on') / rate('off')),
      // Server process (all its threads) plus, on PostgreSQL, the database's processes.
      cpuMsPerApprovalWithAudit: Math.round((cpu.on / done.on) * 100000) / 100,
      cpuMsPerApprovalWithoutAudit: Math.round((cpu.off / done.off) * 100000) / 100,
      auditCpuCostPercent: pct(1 - cpu.off / done.off / (cpu.on / done.on)),
      blockCostsPercent: blocks.map(pct).join(' '),
      auditCostMedianPercent: pct(median),
      auditEntries: { on: await entries(dialect, on), off: await entries(dialect, off) },
      connections,
      roundSeconds: SECONDS,
      load: fs.readFileSync('/proc/loadavg', 'utf8').trim(),
    });
  } finally {
    for (const d of drops.reverse()) await d().catch(() => undefined);
  }
}
