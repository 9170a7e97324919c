// Robotic automation at its due time: 1,000 automations due in the same minute, run by two nodes on one database
// (in this process, each with its own pool and scheduler, as two servers would). Reports how long until every run
// has started and finished, how the nodes shared them, and that no slot ran twice. BENCH_DB=sqlite|postgres runs one
// database; BENCH_AUTOMATIONS sets how many.
import crypto from 'node:crypto';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, openOwnerDatabase, type DialectName } from '../src/server/db/database.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { createTenant } from '../src/server/tenancy/admin.js';
import { scratchDatabase, testDialects } from '../tests/support/databases.js';
import { report } from './lib.js';

export const name = 'automations';
const COUNT = Number(process.env.BENCH_AUTOMATIONS ?? 1000);

async function one(dialect: DialectName) {
  const scratch = await scratchDatabase(dialect);
  const config = loadConfig({
    DATA_DIR: scratch.dataDir,
    DATABASE_URL: scratch.databaseUrl ?? '',
    LOG_LEVEL: 'warn',
    SCHEDULER: 'off',
    SEED_DEMO_CONTENT: 'off',
  });
  const owner = openOwnerDatabase(config);
  await migrateToLatest(owner, dialect);
  const setup = openDatabase(config);
  const { tenantId } = await createTenant(setup, {
    domain: 'bench',
    name: 'Bench',
    adminUser: 'admin',
    adminEmail: 'admin@bench.test',
    adminPassword: 'Bench-Pass-123',
  });
  await setup.close();
  const admin = await owner
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  // Due at the start of the next minute; each checks a condition (no writes of its own, so the run is what is timed).
  const due = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000);
  const at = due.toISOString();
  const steps = JSON.stringify([
    { id: 'check', type: 'condition', config: { value: '{{run.trigger}}', operator: 'eq', compareTo: 'schedule' } },
  ]);
  const rows = Array.from({ length: COUNT }, (_, i) => ({
    id: crypto.randomUUID(),
    tenant_id: tenantId,
    name: `Automation ${i}`,
    description: '',
    active: 1,
    trigger: JSON.stringify({ kind: 'interval', minutes: 1 }),
    steps,
    misfire: 'once' as const,
    notify_after: 3,
    failures_in_row: 0,
    owner_id: admin.id,
    next_run_on: at,
    last_run_on: null,
    last_status: null,
    version: 1,
    created_on: new Date().toISOString(),
    modified_on: new Date().toISOString(),
  }));
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200);
    await owner.insertInto('automations').values(chunk).execute();
    await owner
      .insertInto('automation_leases')
      .values(
        chunk.map((r) => ({
          automation_id: r.id,
          tenant_id: tenantId,
          due_on: at,
          lease_owner: null,
          lease_until: null,
        })),
      )
      .execute();
  }
  // Two nodes share PostgreSQL; SQLite is the single-node embedded database, so it gets one.
  const dbs = dialect === 'postgres' ? [openDatabase(config), openDatabase(config)] : [openDatabase(config)];
  const nodes = await Promise.all(dbs.map((db) => buildApp({ config, db, logger: false })));
  try {
    const t0 = performance.now();
    const now = new Date(due.getTime() + 1000);
    // Each node passes again while due work is left, as its timer would (a pass takes at most 500 due rows).
    const drain = async (i: number) => {
      let ran = 0;
      for (let n = -1; n !== 0;) ran += n = await nodes[i]!.app.automations.tick(now);
      return ran;
    };
    const [a = 0, b = 0] = await Promise.all(nodes.map((_, i) => drain(i)));
    const wallMs = Math.round(performance.now() - t0);
    const runs = await owner
      .selectFrom('automation_runs')
      .select(['automation_id', 'status'])
      .where('tenant_id', '=', tenantId)
      .execute();
    const distinct = new Set(runs.map((r) => r.automation_id)).size;
    report(`automations: ${dialect}`, {
      dialect,
      automations: COUNT,
      allDoneMs: wallMs,
      runsPerSec: Math.round((runs.length / wallMs) * 1000),
      runs: runs.length,
      doubleRuns: runs.length - distinct,
      succeeded: runs.filter((r) => r.status === 'Succeeded').length,
      nodeA: a,
      nodeB: b,
      target: 'all 1,000 started within 5 s of their time; each once',
    });
  } finally {
    for (const n of nodes) await n.app.close();
    for (const db of dbs) await db.close();
    await owner.destroy();
    await scratch.drop();
  }
}

export async function run() {
  const only = process.env.BENCH_DB as DialectName | undefined;
  for (const d of await testDialects()) if (!only || only === d) await one(d);
}
