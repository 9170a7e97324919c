// The audit trail at scale. (1) The list: a tenant with BENCH_AUDIT_ROWS entries (default 10,000,000, one valid hash
// chain, spread over 300 days) answers random pages with filters (user, action, date range, search; first pages and
// pages further on by cursor) through the real service (auditPage); reports p50/p95 per kind and overall. Seeding
// 10M rows takes minutes, so it is done once into a cached database (BENCH_AUDIT_CACHE, default /var/tmp/ff-bench-audit:
// a SQLite folder and a PostgreSQL database per size) and reused by later runs (migrations still apply to it).
// (2) What auditing costs approvals: approve BENCH_AUDIT_APPROVALS tasks, rounds with auditing and without it in
// the same run (alternating), and report approvals/s and the ratio. BENCH_DB=sqlite|postgres to run one database.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import Sqlite from 'better-sqlite3';
import { report } from './lib.js';
import { PG_ADMIN_URL, testDialects } from '../tests/support/databases.js';
import type { DialectName } from '../src/server/db/database.js';
import { openDatabase, openOwnerDatabase } from '../src/server/db/database.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { createTenant } from '../src/server/tenancy/admin.js';
import { TenantDb } from '../src/server/tenancy/tenant-db.js';
import { auditPage } from '../src/server/audit/service.js';
import { hashOf } from '../src/server/audit/chain.js';
import { approvalsWithAndWithoutAudit } from './audit-approvals.js';
import { approvalsOverHttp } from './audit-http.js';

export const name = 'audit';

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 10_000_000);
const CACHE = process.env.BENCH_AUDIT_CACHE ?? '/var/tmp/ff-bench-audit';
const QUERIES = Number(process.env.BENCH_AUDIT_QUERIES ?? 400);
const DAYS = 300;
const USERS = 50;
const ACTIONS = [
  'workflow.approve',
  'workflow.reject',
  'workflow.submit',
  'record.create',
  'record.update',
  'process.migrate',
  'process.cancel',
  'user.sign_in',
  'user.update',
  'app.publish',
  'app.save',
  'role.update',
  'team.update',
  'settings.update',
  'connector.update',
  'audit.export',
  'report.run',
  'dashboard.save',
  'process.bulk',
  'user.sign_out',
];
const APPS = Array.from({ length: 30 }, (_, i) => `App ${i + 1}`);
const userId = (k: number) => `00000000-0000-4000-8000-${String(k).padStart(12, '0')}`;

interface Where {
  dataDir: string;
  databaseUrl?: string;
}

/** The cached database of this size (created and migrated when missing; migrated again when present). */
async function cached(dialect: DialectName): Promise<Where> {
  const dataDir = path.join(CACHE, `${dialect}-${ROWS}`);
  fs.mkdirSync(dataDir, { recursive: true });
  let databaseUrl: string | undefined;
  if (dialect === 'postgres') {
    const dbName = `ff_bench_audit_${ROWS}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    const has = await admin.query('select 1 from pg_database where datname = $1', [dbName]);
    if (!has.rowCount) await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const owner = openOwnerDatabase({ dataDir, databaseUrl });
  await migrateToLatest(owner, dialect);
  await owner.destroy();
  return { dataDir, databaseUrl };
}

/** Entry i (1-based) of the seeded trail: ids, times and seal order all follow i. */
function entry(tenantId: string, i: number, start: number, step: number) {
  const u = (i * 7919) % USERS;
  return {
    id: i,
    tenant_id: tenantId,
    at: new Date(start + i * step).toISOString(),
    actor_id: userId(u),
    actor_name: `User ${u}`,
    action: ACTIONS[(i * 31) % ACTIONS.length]!,
    target_type: 'record',
    target_id: `rec-${(i * 104729) % 1_000_003}`,
    target_label: APPS[i % APPS.length]!,
    details: JSON.stringify({ step: `Step ${i % 7}`, outcome: i % 5 ? 'Approved' : 'Rejected', n: i }),
    ip: `10.0.${i % 250}.${i % 200}`,
    user_agent: null,
  };
}
type Entry = ReturnType<typeof entry>;
const COLS = Object.keys(entry('t', 1, 0, 1)) as (keyof Entry)[];
interface Link {
  tenant_id: string;
  seal_seq: number;
  entry_id: number;
  prev_hash: string;
  hash: string;
}
const LINK_COLS: (keyof Link)[] = ['tenant_id', 'seal_seq', 'entry_id', 'prev_hash', 'hash'];

/**
 * The trail's secondary indexes, kept in the cache folder while a load runs without them: inserting into ten
 * indexes row by row ran ~2,000 rows/s, building each once after the load is minutes for 10M. A run that stopped
 * mid-load rebuilds them from the file on its next start.
 */
async function withoutIndexes(
  dataDir: string,
  q: (text: string) => Promise<{ name: string; sql: string }[]>,
  exec: (text: string) => Promise<unknown>,
  load: () => Promise<void>,
) {
  const file = path.join(dataDir, 'audit-indexes.json');
  let defs: { name: string; sql: string }[] = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { name: string; sql: string }[])
    : [];
  if (!defs.length) {
    defs = await q('');
    fs.writeFileSync(file, JSON.stringify(defs));
  }
  const present = new Set((await q('')).map((d) => d.name));
  for (const d of defs) if (present.has(d.name)) await exec(`drop index ${d.name}`);
  await load();
  const t0 = performance.now();
  for (const d of defs) await exec(d.sql);
  fs.rmSync(file);
  console.log(`  indexes rebuilt (${Math.round(performance.now() - t0)} ms)`);
}

/**
 * Seeds the trail with one valid chain (the real hash function, computed here in batches) and bulk inserts: on
 * SQLite one transaction per 50,000 rows through one prepared statement, on PostgreSQL one `insert … select from
 * unnest(arrays)` per 20,000 rows as the owner (no row-level security, synchronous_commit off). Only the scratch
 * database of the bench: its indexes are dropped during the load and rebuilt after it. Resumes where a run stopped.
 */
async function seed(dialect: DialectName, where: Where, tenantId: string) {
  const start = Date.now() - DAYS * 86_400_000;
  const step = (DAYS * 86_400_000 - 60_000) / ROWS;
  const t0 = performance.now();
  const BATCH = dialect === 'postgres' ? 20_000 : 50_000;
  const chain = (from: number, prev: string, n: number) => {
    const rows: Entry[] = [];
    const links: Link[] = [];
    for (let i = from; i < from + n; i++) {
      const r = entry(tenantId, i, start, step);
      const hash = hashOf(prev, { ...r, id: String(r.id) } as never, i);
      links.push({ tenant_id: tenantId, seal_seq: i, entry_id: i, prev_hash: prev, hash });
      prev = hash;
      rows.push(r);
    }
    return { rows, links, last: prev };
  };
  const progress = (done: number) => {
    if (done % 1_000_000 < BATCH || done === ROWS)
      console.log(`  seeded ${done} (${Math.round(performance.now() - t0)} ms)`);
  };
  if (dialect === 'sqlite') {
    const conn = new Sqlite(path.join(where.dataDir, 'flowforms.sqlite'));
    conn.pragma('journal_mode = WAL');
    conn.pragma('synchronous = OFF');
    conn.pragma('cache_size = -1000000');
    const last = conn
      .prepare('select seal_seq n, hash from audit_seals where tenant_id = ? order by seal_seq desc limit 1')
      .get(tenantId) as {
      n: number | null;
      hash: string | null;
    };
    let from = (last?.n ?? 0) + 1;
    let prev = last?.hash ?? '';
    if (from <= ROWS) {
      const ins = conn.prepare(
        `insert into audit_events (${COLS.join(',')}) values (${COLS.map(() => '?').join(',')})`,
      );
      const link = conn.prepare(
        `insert into audit_seals (${LINK_COLS.join(',')}) values (${LINK_COLS.map(() => '?').join(',')})`,
      );
      // The seeded entries are written sealed, straight into the trail (new entries arrive in the inbox).
      const many = conn.transaction((c: ReturnType<typeof chain>) => {
        for (const r of c.rows) ins.run(...COLS.map((k) => r[k]));
        for (const l of c.links) link.run(...LINK_COLS.map((k) => l[k]));
      });
      await withoutIndexes(
        where.dataDir,
        async () =>
          conn
            .prepare(
              "select name, sql from sqlite_master where type = 'index' and tbl_name = 'audit_events' and sql is not null",
            )
            .all() as { name: string; sql: string }[],
        async (text) => conn.exec(text),
        async () => {
          for (; from <= ROWS; from += BATCH) {
            const c = chain(from, prev, Math.min(BATCH, ROWS - from + 1));
            many(c);
            prev = c.last;
            progress(from - 1 + c.rows.length);
          }
        },
      );
      conn.exec('analyze audit_events');
    }
    conn.close();
  } else {
    const c = new pg.Client({ connectionString: where.databaseUrl });
    await c.connect();
    await c.query('set synchronous_commit = off');
    await c.query("set maintenance_work_mem = '512MB'");
    const last = await c.query(
      'select seal_seq n, hash from audit_seals where tenant_id = $1 order by seal_seq desc limit 1',
      [tenantId],
    );
    let from = Number(last.rows[0]?.n ?? 0) + 1;
    let prev: string = last.rows[0]?.hash ?? '';
    if (from <= ROWS) {
      const types = COLS.map((col) => (col === 'id' ? 'bigint[]' : 'text[]'));
      const sqlText = `insert into audit_events (${COLS.join(',')}) overriding system value
        select * from unnest(${COLS.map((_, k) => `$${k + 1}::${types[k]}`).join(',')})`;
      const linkTypes = LINK_COLS.map((col) => (col === 'seal_seq' || col === 'entry_id' ? 'bigint[]' : 'text[]'));
      const linkText = `insert into audit_seals (${LINK_COLS.join(',')})
        select * from unnest(${LINK_COLS.map((_, k) => `$${k + 1}::${linkTypes[k]}`).join(',')})`;
      // The seeded entries are written sealed, straight into the trail (new entries arrive in the inbox).
      await withoutIndexes(
        where.dataDir,
        async () =>
          (
            await c.query<{ name: string; sql: string }>(
              `select indexname as name, indexdef as sql from pg_indexes
               where tablename = 'audit_events' and indexname <> 'audit_events_pkey'`,
            )
          ).rows,
        (text) => c.query(text),
        async () => {
          for (; from <= ROWS; from += BATCH) {
            const ch = chain(from, prev, Math.min(BATCH, ROWS - from + 1));
            await c.query(
              sqlText,
              COLS.map((col) => ch.rows.map((r) => (r[col] == null ? null : String(r[col])))),
            );
            await c.query(
              linkText,
              LINK_COLS.map((col) => ch.links.map((l) => String(l[col]))),
            );
            prev = ch.last;
            progress(from - 1 + ch.rows.length);
          }
        },
      );
      await c.query(`select setval(pg_get_serial_sequence('audit_events', 'id'), $1)`, [ROWS]);
      // As autovacuum leaves an insert-only table in service: pages all-visible, so index-only scans stay in the index.
      await c.query('vacuum (analyze) audit_events');
      await c.query('vacuum (analyze) audit_seals');
    }
    await c.end();
  }
  return Math.round((performance.now() - t0) / 1000);
}

const rand = (n: number) => Math.floor(Math.random() * n);
const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);

/** A random filter of one kind (what an administrator narrows the trail by). */
function filterOf(kind: string): Record<string, string> {
  const d = 1 + rand(DAYS - 30);
  const range = { from: day(d + 1 + rand(30)), to: day(d) };
  switch (kind) {
    case 'user':
      return { actorId: userId(rand(USERS)) };
    case 'action':
      return { action: ACTIONS[rand(ACTIONS.length)]! };
    case 'dateRange':
      return range;
    case 'user+action+dateRange':
      return { actorId: userId(rand(USERS)), action: ACTIONS[rand(ACTIONS.length)]!, ...range };
    case 'user+dateRange':
      return { actorId: userId(rand(USERS)), ...range };
    case 'user+action':
      return { actorId: userId(rand(USERS)), action: ACTIONS[rand(ACTIONS.length)]! };
    case 'entity':
      return { targetType: 'record', targetId: `rec-${rand(1_000_003)}` };
    // Filters no one index serves together: checked on a window of the user's walk.
    case 'user+entityType+dateRange':
      return { actorId: userId(rand(USERS)), targetType: 'record', ...range };
    case 'search':
      return { search: APPS[rand(APPS.length)]! };
    case 'search+action':
      return { search: `Step ${rand(7)}`, action: ACTIONS[rand(ACTIONS.length)]! };
    default:
      return {};
  }
}
const KINDS = [
  'none',
  'user',
  'action',
  'dateRange',
  'user+dateRange',
  'user+action+dateRange',
  'user+action',
  'entity',
  'user+entityType+dateRange',
  'search',
  'search+action',
];

async function list(dialect: DialectName) {
  const where = await cached(dialect);
  const db = openDatabase(where);
  try {
    let tenant = await db.system.selectFrom('tenants').select('id').where('domain', '=', 'audit').executeTakeFirst();
    if (!tenant)
      tenant = {
        id: (
          await createTenant(db, {
            domain: 'audit',
            name: 'Audit org',
            adminUser: 'admin',
            adminEmail: 'admin@audit.test',
            adminPassword: 'Bench-Pass-123',
          })
        ).tenantId,
      };
    const tenantId = tenant.id;
    const seedSeconds = await seed(dialect, where, tenantId);
    const tdb = new TenantDb(tenantId, db.forTenant(tenantId));
    const times = new Map<string, number[]>(KINDS.map((k) => [k, []]));
    // Warm up the statements and caches once.
    for (const k of KINDS) await auditPage(tdb, { ...filterOf(k), length: 50 });
    for (let q = 0; q < QUERIES; q++) {
      const kind = KINDS[q % KINDS.length]!;
      const f = filterOf(kind);
      // A first page, then up to 5 pages further on by cursor.
      let cursor: string | null = null;
      const pages = 1 + rand(6);
      for (let p = 0; p < pages; p++) {
        const t0 = performance.now();
        const page = await auditPage(tdb, { ...f, cursor, length: 50 });
        times.get(kind)!.push(performance.now() - t0);
        cursor = page.nextCursor;
        if (!cursor) break;
      }
    }
    const pct = (xs: number[], p: number) => {
      const s = [...xs].sort((a, b) => a - b);
      return Math.round((s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? 0) * 10) / 10;
    };
    const all = [...times.values()].flat();
    const byKind = Object.fromEntries(
      [...times].map(([k, xs]) => [k, `p50 ${pct(xs, 0.5)} / p95 ${pct(xs, 0.95)} ms (${xs.length})`]),
    );
    report(`audit list ${dialect}`, {
      rows: ROWS,
      seedSeconds,
      pages: all.length,
      p50ms: pct(all, 0.5),
      p95ms: pct(all, 0.95),
      p99ms: pct(all, 0.99),
      ...byKind,
      load: fs.readFileSync('/proc/loadavg', 'utf8').trim(),
    });
  } finally {
    await db.close();
  }
}

export async function run() {
  const only = process.env.BENCH_DB as DialectName | undefined;
  const part = process.env.BENCH_AUDIT_PART;
  for (const d of await testDialects()) {
    if (only && only !== d) continue;
    if (!part || part === 'list') await list(d);
    if (!part || part === 'approvals') await approvalsWithAndWithoutAudit(d);
    if (!part || part === 'http') await approvalsOverHttp(d);
  }
}
