// Approval transitions per second through the HTTP API (keep-alive connections, p50/p99), on SQLite (WAL,
// synchronous=FULL) and PostgreSQL, with 1,000 and with many instances pre-seeded by direct batched inserts; beside
// it, in the same run, the raw rate of a five-statement transaction like the engine's, and the ratio.
// BENCH_SECONDS (default 10); BENCH_BIG (default 100000; 1,000,000 seeds in about 2.3 min on SQLite and about
// 5 min on PostgreSQL on the shared 2-core machine); BENCH_DB=sqlite|postgres to run one database;
// BENCH_PROF=<dir> to write a CPU profile of the server; BENCH_CONNECTIONS (default 10) concurrent approvers.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { percentile, report, spawnUntilReady, stop } from './lib.js';
import { freePort } from '../tests/support/server.js';
import { scratchDatabase, testDialects } from '../tests/support/databases.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, openOwnerDatabase, type DialectName } from '../src/server/db/database.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { createTenant } from '../src/server/tenancy/admin.js';
import { TenantDb } from '../src/server/tenancy/tenant-db.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of several routes, read loosely
type Answer = { success: boolean; message: string; data: any };

export const name = 'engine';

const STEPS = 20; // a chain of Assignments, all for the bench user: every approval is one transition to the next
const HOT = 5000; // records the HTTP load walks through (the rest is background data)
const PASSWORD = 'Bench-Pass-123';

const workflow = {
  activities: [
    { activityId: 'start', type: 'StartProcess', position: { left: 0, top: 0 } },
    ...Array.from({ length: STEPS }, (_, i) => ({
      activityId: `s${i + 1}`,
      type: 'Assignment',
      displayName: `Step ${i + 1}`,
      position: { left: 100 * (i + 1), top: 0 },
      properties: {
        approvers: [{ type: 'field', field: 'approver' }],
        approvalMode: 'any',
        dueInDays: null,
        reminderEveryHours: null,
        taskType: 'Approval',
      },
    })),
    { activityId: 'done', type: 'CompletedProcess', position: { left: 100 * (STEPS + 1), top: 0 } },
  ],
  connections: [
    { sourceActivityId: 'start', targetActivityId: 's1', outcome: 'Done' },
    ...Array.from({ length: STEPS }, (_, i) => ({
      sourceActivityId: `s${i + 1}`,
      targetActivityId: i + 1 === STEPS ? 'done' : `s${i + 2}`,
      outcome: 'Approved',
    })),
  ],
};
const definition = {
  display_name: 'Bench claims',
  fieldGroups: [
    {
      id: 'g',
      label: 'G',
      rows: [
        {
          fields: [
            { name: 'title', label: 'Title', fieldType: 'text' },
            { name: 'approver', label: 'Approver', fieldType: 'text' },
          ],
        },
      ],
    },
  ],
};

export interface Seeded {
  tenantId: string;
  userId: string;
  moduleId: string;
  hotTasks: string[];
  seedSeconds: number;
}

/** The seed script: tenant, user, module and version through the app's own code; instances by batched inserts. */
export async function seed(dialect: DialectName, env: Record<string, string>, instances: number): Promise<Seeded> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const owner = openOwnerDatabase(config);
  await migrateToLatest(owner, dialect);
  await owner.destroy();
  const db = openDatabase(config);
  const { tenantId } = await createTenant(db, {
    domain: 'demo',
    name: 'Bench',
    adminUser: 'admin',
    adminEmail: 'admin@bench.test',
    adminPassword: PASSWORD,
  });
  const tdb = new TenantDb(tenantId, db.forTenant(tenantId));
  const userId = (await tdb.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow())
    .id;
  const moduleId = crypto.randomUUID();
  const now = new Date().toISOString();
  await tdb
    .insertInto('modules', {
      id: moduleId,
      display_name: 'Bench claims',
      module_description: null,
      application_module_category_id: null,
      app_icon: 'home',
      add_to_quick_launch: 0,
      ocr_provider_id: null,
      ocr_provider_name: null,
      ml_service_id: null,
      help_file_url: null,
      is_reassignment_disabled: 0,
      module_draft: JSON.stringify(definition),
      workflow_draft: JSON.stringify(workflow),
      published_version: 1,
      status: 'Published',
      permission: '{}',
      email_templates: '{}',
      default_config: '{}',
      sequence_next: 1,
      created_by: userId,
      created_on: now,
      modified_by: userId,
      modified_on: now,
      deleted_on: null,
    })
    .execute();
  await tdb
    .insertInto('module_versions', {
      module_id: moduleId,
      version: 1,
      definition: JSON.stringify(definition),
      workflow: JSON.stringify(workflow),
      published_by: userId,
      published_on: now,
    })
    .execute();
  await db.close();

  const t0 = Date.now();
  const hotTasks: string[] = [];
  const BATCH = dialect === 'sqlite' ? 50_000 : 20_000;
  // Time-ordered ids (UUIDv7 layout, as a real system that mints them over time would have): every index that ends
  // in the id grows at its right edge, so a million rows seed without random B-tree page splits.
  const base = Date.now() - instances;
  const seqId = (i: number) => {
    const ts = (base + i).toString(16).padStart(12, '0');
    return `${ts.slice(0, 8)}-${ts.slice(8)}-7${crypto.randomUUID().slice(15)}`;
  };
  const rowsFor = (from: number, to: number) => {
    const out = [];
    for (let i = from; i < to; i++) {
      const rec = seqId(i);
      const inst = seqId(i);
      const task = seqId(i);
      if (i < HOT) hotTasks.push(task);
      out.push({ rec, inst, task, data: JSON.stringify({ title: `Claim ${i}`, approver: userId }) });
    }
    return out;
  };
  if (dialect === 'sqlite') {
    const conn = new SQLite(path.join(env.DATA_DIR!, 'flowforms.sqlite'));
    conn.pragma('journal_mode = WAL');
    // Seeding only: a big page cache (random-key index inserts) and no fsync; the server reopens with synchronous=FULL.
    conn.pragma('cache_size = -1500000');
    conn.pragma('synchronous = OFF');
    // Multi-row statements of CHUNK rows each, prepared once; one transaction per BATCH rows.
    const CHUNK = 100;
    const multi = (head: string, tuple: string, n: number) =>
      conn.prepare(`${head} values ${Array.from({ length: n }, () => tuple).join(', ')}`);
    const stmts = (n: number) => ({
      rec: multi(
        `insert into records (id, tenant_id, module_id, module_version, data, version, is_draft, workflow_instance_id, workflow_status, workflow_activity_id, workflow_activity_name, workflow_started_on, workflow_initiator_user, workflow_initiator_email, created_by, created_on, modified_by, modified_on, submitted_on)`,
        `(?, ?, ?, 1, ?, 2, 0, ?, 'Submitted', 's1', 'Step 1', ?, ?, 'admin@bench.test', ?, ?, ?, ?, ?)`,
        n,
      ),
      inst: multi(
        `insert into workflow_instances (id, tenant_id, record_id, module_id, module_version, status, initiator_id, started_on)`,
        `(?, ?, ?, ?, 1, 'Running', ?, ?)`,
        n,
      ),
      task: multi(
        `insert into tasks (id, tenant_id, record_id, module_id, instance_id, activity_id, activity_title, task_type, assignee_id, assigned_from_user, status, version, started_on)`,
        `(?, ?, ?, ?, ?, 's1', 'Step 1', 'Approval', ?, 'Admin', 'In Progress', 1, ?)`,
        n,
      ),
    });
    const full = stmts(CHUNK);
    const batch = conn.transaction((rows: ReturnType<typeof rowsFor>) => {
      for (let k = 0; k < rows.length; k += CHUNK) {
        const part = rows.slice(k, k + CHUNK);
        const st = part.length === CHUNK ? full : stmts(part.length);
        st.rec.run(
          part.flatMap((r) => [r.rec, tenantId, moduleId, r.data, r.inst, now, userId, userId, now, userId, now, now]),
        );
        st.inst.run(part.flatMap((r) => [r.inst, tenantId, r.rec, moduleId, userId, now]));
        st.task.run(part.flatMap((r) => [r.task, tenantId, r.rec, moduleId, r.inst, userId, now]));
      }
    });
    for (let i = 0; i < instances; i += BATCH) batch(rowsFor(i, Math.min(instances, i + BATCH)));
    conn.pragma('wal_checkpoint(TRUNCATE)');
    conn.close();
  } else {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    for (let i = 0; i < instances; i += BATCH) {
      const rows = rowsFor(i, Math.min(instances, i + BATCH));
      const col = (k: 'rec' | 'inst' | 'task' | 'data') => rows.map((r) => r[k]);
      await client.query('begin');
      await client.query(
        `insert into records (id, tenant_id, module_id, module_version, data, version, is_draft, workflow_instance_id, workflow_status, workflow_activity_id, workflow_activity_name, workflow_started_on, workflow_initiator_user, workflow_initiator_email, created_by, created_on, modified_by, modified_on, submitted_on)
         select r, $1, $2, 1, d, 2, 0, i, 'Submitted', 's1', 'Step 1', $3, $4, 'admin@bench.test', $4, $3, $4, $3, $3 from unnest($5::text[], $6::text[], $7::text[]) as u(r, i, d)`,
        [tenantId, moduleId, now, userId, col('rec'), col('inst'), col('data')],
      );
      await client.query(
        `insert into workflow_instances (id, tenant_id, record_id, module_id, module_version, status, initiator_id, started_on) select i, $1, r, $2, 1, 'Running', $3, $4 from unnest($5::text[], $6::text[]) as u(i, r)`,
        [tenantId, moduleId, userId, now, col('inst'), col('rec')],
      );
      await client.query(
        `insert into tasks (id, tenant_id, record_id, module_id, instance_id, activity_id, activity_title, task_type, assignee_id, assigned_from_user, status, version, started_on)
         select t, $1, r, $2, i, 's1', 'Step 1', 'Approval', $3, 'Admin', 'In Progress', 1, $4 from unnest($5::text[], $6::text[], $7::text[]) as u(t, r, i)`,
        [tenantId, moduleId, userId, now, col('task'), col('rec'), col('inst')],
      );
      await client.query('commit');
    }
    // Vacuumed as well as analyzed: otherwise autovacuum takes up the freshly loaded tables during the timed run.
    await client.query('vacuum analyze records, workflow_instances, tasks');
    await client.end();
  }
  return { tenantId, userId, moduleId, hotTasks, seedSeconds: (Date.now() - t0) / 1000 };
}

/**
 * CPU seconds a process has used (user + system), from /proc: a figure that machine load does not inflate. With a
 * thread id, that thread's alone (the main thread's id is the process id).
 */
export function cpuSeconds(pid: number | undefined, tid?: number): number {
  try {
    const file = tid ? `/proc/${pid}/task/${tid}/stat` : `/proc/${pid}/stat`;
    const f = fs.readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return NaN;
  }
}

/** CPU seconds of all PostgreSQL server processes on this machine (the database's share of the work). */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      total += cpuSeconds(Number(pid));
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

export function postJson(
  agent: http.Agent,
  port: number,
  url: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; json: Answer }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Approvals over keep-alive connections: each worker approves a task and goes on with the next task it returned. */
export async function approvals(port: number, token: string, queue: string[], connections: number, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let conflicts = 0;
  const until = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < until) {
      const task = queue.shift();
      if (!task) return;
      const t0 = process.hrtime.bigint();
      const r = await postJson(agent, port, '/api/EntryModule/approve', { task_id: task, accepted: true }, token);
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (r.status === 200) queue.push(...(r.json.data.nextTasks as string[]));
      else if (r.status === 409) conflicts++;
      else errors++;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    perSec: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    count: latencies.length,
    errors,
    conflicts,
  };
}

/** The raw rate of a five-statement transaction like an approval: two reads, two versioned updates, one insert. */
async function rawRate(
  dialect: DialectName,
  env: Record<string, string>,
  s: Seeded,
  connections: number,
  seconds: number,
) {
  const until = Date.now() + seconds * 1000;
  let n = 0;
  const ids = s.hotTasks;
  if (dialect === 'sqlite') {
    const conn = new SQLite(path.join(env.DATA_DIR!, 'flowforms.sqlite'));
    conn.pragma('journal_mode = WAL');
    conn.pragma('synchronous = FULL');
    const selTask = conn.prepare('select * from tasks where id = ? and tenant_id = ?');
    const selRec = conn.prepare('select * from records where id = ? and tenant_id = ?');
    const updRec = conn.prepare(
      'update records set version = version + 1, modified_on = ? where id = ? and tenant_id = ? and version = ?',
    );
    const updTask = conn.prepare(
      'update tasks set version = version + 1 where id = ? and tenant_id = ? and version = ?',
    );
    const insHist = conn.prepare(
      `insert into activity_history (id, tenant_id, record_id, module_id, action_type, data, created_on) values (?, ?, ?, ?, 'Bench', '{}', ?)`,
    );
    const tx = conn.transaction((id: string) => {
      const t = selTask.get(id, s.tenantId) as { record_id: string; version: number };
      const r = selRec.get(t.record_id, s.tenantId) as { version: number };
      const now = new Date().toISOString();
      updRec.run(now, t.record_id, s.tenantId, r.version);
      updTask.run(id, s.tenantId, t.version);
      insHist.run(crypto.randomUUID(), s.tenantId, t.record_id, s.moduleId, now);
    });
    while (Date.now() < until) tx(ids[n++ % ids.length]!);
    conn.close();
    return n / seconds;
  }
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: connections });
  const worker = async (k: number) => {
    const c = await pool.connect();
    for (let i = k; Date.now() < until; i += connections) {
      const id = ids[i % ids.length]!;
      await c.query('begin');
      const t = (await c.query('select * from tasks where id = $1 and tenant_id = $2', [id, s.tenantId])).rows[0];
      const r = (await c.query('select * from records where id = $1 and tenant_id = $2', [t.record_id, s.tenantId]))
        .rows[0];
      const now = new Date().toISOString();
      await c.query(
        'update records set version = version + 1, modified_on = $1 where id = $2 and tenant_id = $3 and version = $4',
        [now, t.record_id, s.tenantId, r.version],
      );
      await c.query('update tasks set version = version + 1 where id = $1 and tenant_id = $2 and version = $3', [
        id,
        s.tenantId,
        t.version,
      ]);
      await c.query(
        `insert into activity_history (id, tenant_id, record_id, module_id, action_type, data, created_on) values ($1, $2, $3, $4, 'Bench', '{}', $5)`,
        [crypto.randomUUID(), s.tenantId, t.record_id, s.moduleId, now],
      );
      await c.query('commit');
      n++;
    }
    c.release();
  };
  await Promise.all(Array.from({ length: connections }, (_, k) => worker(k)));
  await pool.end();
  return n / seconds;
}

async function one(dialect: DialectName, instances: number, seconds: number) {
  const scratch = await scratchDatabase(dialect);
  const env: Record<string, string> = {
    DATA_DIR: scratch.dataDir,
    DATABASE_URL: scratch.databaseUrl ?? '',
    WEB_DIR: '',
  };
  try {
    const s = await seed(dialect, env, instances);
    const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
    const raw = await rawRate(dialect, env, s, dialect === 'sqlite' ? 1 : connections, 3);
    const port = await freePort();
    const proc = await spawnUntilReady(
      [
        ...(process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []),
        'src/server/main.ts',
      ],
      { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      `http://127.0.0.1:${port}/readyz`,
    );
    try {
      const agent = new http.Agent({ keepAlive: true });
      const signIn = await postJson(
        agent,
        port,
        '/api/identity/Authentication/authenticateiso',
        JSON.stringify({ username: 'admin', password: PASSWORD }),
      );
      agent.destroy();
      const token = signIn.json.data.token as string;
      const queue = [...s.hotTasks];
      await approvals(port, token, queue, connections, 2); // warm-up (JIT, caches)
      const cpu0 = cpuSeconds(proc.pid);
      const main0 = cpuSeconds(proc.pid, proc.pid);
      const client0 = process.cpuUsage();
      const pg0 = dialect === 'postgres' ? postgresCpuSeconds() : 0;
      const r = await approvals(port, token, queue, connections, seconds);
      const serverCpu = cpuSeconds(proc.pid) - cpu0;
      const mainCpu = cpuSeconds(proc.pid, proc.pid) - main0;
      const client = process.cpuUsage(client0);
      const pgCpu = dialect === 'postgres' ? postgresCpuSeconds() - pg0 : 0;
      report(`engine: approvals over HTTP, ${dialect}, ${instances.toLocaleString('en')} instances`, {
        dialect,
        instancesSeeded: instances,
        seedSeconds: s.seedSeconds,
        connections,
        seconds,
        approvalsPerSec: r.perSec,
        p50ms: r.p50,
        p99ms: r.p99,
        errors: r.errors,
        conflicts: r.conflicts,
        // Server CPU per approval: comparable across runs even when the shared machine is loaded.
        serverCpuMsPerApproval: (serverCpu * 1000) / Math.max(1, r.count),
        // Of it, the thread that serves HTTP (on SQLite the actions run on a writer thread of their own).
        mainThreadCpuMsPerApproval: (mainCpu * 1000) / Math.max(1, r.count),
        clientCpuMsPerApproval: (client.user + client.system) / 1000 / Math.max(1, r.count),
        ...(dialect === 'postgres' ? { databaseCpuMsPerApproval: (pgCpu * 1000) / Math.max(1, r.count) } : {}),
        loadAverage: os.loadavg()[0],
        rawFiveStatementTxPerSec: raw,
        ratioToRaw: r.perSec / raw,
        target: dialect === 'sqlite' ? '>= 1000/s, p99 <= 25 ms' : '>= 500/s',
      });
    } finally {
      await stop(proc);
    }
  } finally {
    await scratch.drop();
  }
}

export async function run() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const big = Number(process.env.BENCH_BIG ?? 100_000);
  const dialects = (await testDialects()).filter((d) => !process.env.BENCH_DB || d === process.env.BENCH_DB);
  for (const dialect of dialects) {
    for (const instances of [1000, big]) await one(dialect, instances, seconds);
  }
}

// Runnable alone as the seed script: `npx tsx bench/engine.bench.ts <sqlite|postgres> <instances> <dataDir> [databaseUrl]`.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const [dialect = 'sqlite', count = '1000', dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ff-seed-')), url = ''] =
    process.argv.slice(2);
  const s = await seed(dialect as DialectName, { DATA_DIR: dataDir, DATABASE_URL: url, WEB_DIR: '' }, Number(count));
  console.log(`seeded ${count} instances in ${s.seedSeconds.toFixed(1)} s into ${url || dataDir}`);
}
