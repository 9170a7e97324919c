// The update-records automation step over 100,000 records of one app (all of them pass its filter), run as a run
// by hand of an automation owned by the administrator: batches of 500, each record's values under the owner's field
// rules, then one UPDATE per batch (version checked per row) and one insert of the batch's audit entries. Reports the time and records per second. BENCH_DB=sqlite (the
// default here) or postgres; BENCH_RECORDS sets how many.
import path from 'node:path';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, openOwnerDatabase, type DialectName } from '../src/server/db/database.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { TenantDb } from '../src/server/tenancy/tenant-db.js';
import { runAutomation } from '../src/server/automations/run.js';
import { scratchDatabase } from '../tests/support/databases.js';
import { report } from './lib.js';
import { seedRecords } from './records-seed.js';

export const name = 'automation-steps';
const COUNT = Number(process.env.BENCH_RECORDS ?? 100_000);

const quiet = { error() {}, warn() {}, info() {}, debug() {}, trace() {}, fatal() {}, child: () => quiet } as never;

async function one(dialect: DialectName) {
  const scratch = await scratchDatabase(dialect);
  const config = loadConfig({ DATA_DIR: scratch.dataDir, DATABASE_URL: scratch.databaseUrl ?? '', LOG_LEVEL: 'warn' });
  const owner = openOwnerDatabase(config);
  await migrateToLatest(owner, dialect);
  const db = openDatabase(config);
  try {
    const target =
      dialect === 'sqlite'
        ? { dialect, file: path.join(scratch.dataDir, 'flowforms.sqlite') }
        : { dialect: 'postgres' as const };
    const seeded = await seedRecords(db, owner, target, COUNT, 0);
    const tenant = await db.system
      .selectFrom('tenants')
      .select('id')
      .where('domain', '=', seeded.domain)
      .executeTakeFirstOrThrow();
    const tdb = new TenantDb(tenant.id, db.forTenant(tenant.id));
    const admin = await tdb.selectFrom('users').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow();
    const steps = [
      {
        id: 'bulk',
        type: 'update-records',
        config: {
          moduleId: seeded.moduleId,
          filters: [{ field: 'amount', operator: 'gte', value: '0' }],
          values: [{ field: 'region', value: 'central {{run.day}}' }],
        },
      },
    ];
    const t0 = performance.now();
    const run = await runAutomation(tdb, { id: 'bench', name: 'Bench', owner_id: admin.id }, steps, {
      trigger: 'manual',
      slot: 'bench',
      node: 'bench',
      allowPrivate: false,
      log: quiet,
      system: db.system,
    });
    const ms = Math.round(performance.now() - t0);
    const out = run!.steps[0]!.output as { updated: number; refused: number; batches: number };
    const changed = await tdb
      .selectFrom('records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('version', '=', 2)
      .executeTakeFirstOrThrow();
    report(`automation-steps: ${dialect}`, {
      dialect,
      records: COUNT,
      status: run!.status,
      updated: out.updated,
      refused: out.refused,
      batches: out.batches,
      versionTwo: Number(changed.n),
      ms,
      rowsPerSec: Math.round((out.updated / ms) * 1000),
    });
  } finally {
    await db.close();
    await owner.destroy();
    await scratch.drop();
  }
}

export async function run() {
  await one((process.env.BENCH_DB as DialectName | undefined) ?? 'sqlite');
}
