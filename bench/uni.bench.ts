// Uni retrieval over many records with the access filter applied, in process (no HTTP), on SQLite and (when
// reachable) PostgreSQL: the index is built once (rebuildIndex), then questions are asked as the administrator
// (sees every record) and as a user who sees only the records they have a task on. Target: p95 ≤ 100 ms.
// BENCH_UNI sets the record count (default 100,000); BENCH_DB=sqlite|postgres runs one database.
import type { DialectName } from '../src/server/db/database.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';
import { authUserOf } from '../src/server/identity/user-info.js';
import { TenantDb } from '../src/server/tenancy/tenant-db.js';
import { rebuildIndex } from '../src/server/uni-index/indexer.js';
import { retrievePassages } from '../src/server/uni-index/retrieve.js';
import { testDialects } from '../tests/support/databases.js';
import { report } from './lib.js';
import { seededScratch } from './records-seed.js';

export const name = 'uni';

const QUESTIONS = [
  'Claim 4711',
  'claim 99999 north',
  'How do I create a new app?',
  'share a report with a team',
  'south',
  'Manager approval',
  'reassign my task',
  'Claims amount region',
  'claim 123',
  'two-factor authentication',
];

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function one(dialect: DialectName, count: number) {
  const { scratch, env, seeded } = await seededScratch(dialect, count, 10_000);
  const db = openDatabase(loadConfig(env));
  try {
    const t = await db.system.selectFrom('tenants').select('id').executeTakeFirstOrThrow();
    const tdb = new TenantDb(t.id, db.forTenant(t.id));
    const t0 = performance.now();
    await rebuildIndex(tdb);
    const indexSeconds = (performance.now() - t0) / 1000;
    const passages = await tdb
      .selectFrom('uni_passages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const figures: Record<string, unknown> = { dialect, records: count, indexSeconds, passages: Number(passages.n) };
    for (const username of ['admin', 'boss']) {
      const row = await tdb.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
      const user = authUserOf(row, t.id);
      for (const q of QUESTIONS) await retrievePassages(tdb, user, q, { limit: 5 });
      const times: number[] = [];
      let found = 0;
      for (let round = 0; round < 5; round++)
        for (const q of QUESTIONS) {
          const s = performance.now();
          found += (await retrievePassages(tdb, user, q, { limit: 5 })).length;
          times.push(performance.now() - s);
        }
      figures[`${username}P50Ms`] = pct(times, 0.5);
      figures[`${username}P95Ms`] = pct(times, 0.95);
      figures[`${username}PassagesPerQuestion`] = found / times.length;
    }
    report(`uni-${dialect}`, { ...figures, seedSeconds: Math.round(seeded.seconds) });
  } finally {
    await db.close();
    await scratch.drop();
  }
}

export async function run() {
  const count = Number(process.env.BENCH_UNI ?? 100_000);
  for (const dialect of await testDialects()) {
    if (process.env.BENCH_DB && process.env.BENCH_DB !== dialect) continue;
    await one(dialect, count);
  }
}
