// Seeds one app with many records (and one user's open tasks) straight through Kysely in batches, for the
// records benchmark. Usage: npx tsx bench/records-seed.ts <count>   (SQLite in DATA_DIR, or DATABASE_URL)
// BENCH_CLOSED_TASKS=<k> also gives every record k closed tasks, as records that went through approvals have.
// BENCH_RECORD_BYTES=<n> pads each record's data to about n bytes with short fields the list does not show.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../src/server/db/schema.js';
import type { Database } from '../src/server/db/database.js';
import { createTenant, insertUser } from '../src/server/tenancy/admin.js';
import { TenantDb } from '../src/server/tenancy/tenant-db.js';
import SQLite from 'better-sqlite3';
import { fieldIndexSql, pairIndexSql } from '../src/server/entries/indexes.js';
import type { ModuleDefinition } from '../schemas/module-definition.js';
import type { WorkflowDefinition } from '../schemas/workflow-definition.js';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, openOwnerDatabase, type DialectName } from '../src/server/db/database.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { PG_ADMIN_URL, scratchDatabase, type ScratchDatabase } from '../tests/support/databases.js';

export const REGIONS = ['north', 'south', 'east', 'west'];
export const PASSWORD = 'Bench-Pass-123';

const definition: ModuleDefinition = {
  display_name: 'Claims',
  fieldGroups: [
    {
      id: 'claim',
      label: 'Claim',
      rows: [
        {
          fields: [
            { name: 'title', label: 'Title', fieldType: 'text', required: true },
            {
              name: 'amount',
              label: 'Amount',
              fieldType: 'number',
              config: { decimalPlaces: 0, format: 'plain', digitsOnly: true },
            },
            { name: 'region', label: 'Region', fieldType: 'text' },
          ],
        },
      ],
    },
  ],
};

const workflow = (boss: string): WorkflowDefinition => ({
  activities: [
    { activityId: 'start', type: 'StartProcess', displayName: 'Start', position: { left: 0, top: 0 } },
    {
      activityId: 'manager',
      type: 'Assignment',
      displayName: 'Manager approval',
      position: { left: 200, top: 0 },
      properties: { approvers: [{ type: 'user', id: boss }], approvalMode: 'any', taskType: 'Approval' },
    },
    { activityId: 'done', type: 'CompletedProcess', displayName: 'Completed', position: { left: 400, top: 0 } },
  ],
  connections: [
    { sourceActivityId: 'start', targetActivityId: 'manager', outcome: 'Done' },
    { sourceActivityId: 'manager', targetActivityId: 'done', outcome: 'Approved' },
  ],
});

export interface Seeded {
  domain: string;
  moduleId: string;
  seconds: number;
  count: number;
}

/**
 * `app` is the application database (tenant and users through the normal code), `owner` a connection that may
 * write in bulk and create indexes. Records: 1/4 per region, amounts 0..999,999; the first `tasks` are open tasks
 * of user "boss".
 */
export async function seedRecords(
  app: Database,
  owner: Kysely<DB>,
  target: { dialect: 'sqlite'; file: string } | { dialect: 'postgres' },
  count: number,
  tasks = 10_000,
  log = console.log,
): Promise<Seeded> {
  const started = Date.now();
  const domain = 'bench';
  const { tenantId } = await createTenant(app, {
    domain,
    name: 'Bench',
    adminUser: 'admin',
    adminEmail: 'admin@bench.test',
    adminPassword: PASSWORD,
  });
  const tdb = new TenantDb(tenantId, app.forTenant(tenantId));
  const staff = await insertUser(tdb, {
    username: 'staff',
    email: 'staff@bench.test',
    fullname: 'Stan Staff',
    password: PASSWORD,
  });
  const boss = await insertUser(tdb, {
    username: 'boss',
    email: 'boss@bench.test',
    fullname: 'Bea Boss',
    password: PASSWORD,
  });
  const moduleId = crypto.randomUUID();
  const now = new Date().toISOString();
  await tdb
    .insertInto('modules', {
      id: moduleId,
      display_name: 'Claims',
      module_description: null,
      application_module_category_id: null,
      app_icon: null,
      add_to_quick_launch: 0,
      ocr_provider_id: null,
      ocr_provider_name: null,
      ml_service_id: null,
      help_file_url: null,
      is_reassignment_disabled: 0,
      module_draft: JSON.stringify(definition),
      workflow_draft: JSON.stringify(workflow(boss)),
      published_version: 1,
      status: 'Published',
      permission: '{}',
      email_templates: '{}',
      default_config: JSON.stringify({ sortableFields: ['amount', 'region'] }),
      sequence_next: count + 1,
      created_by: staff,
      created_on: now,
      modified_by: staff,
      modified_on: now,
      deleted_on: null,
    } as never)
    .execute();
  await tdb
    .insertInto('module_versions', {
      module_id: moduleId,
      version: 1,
      definition: JSON.stringify(definition),
      workflow: JSON.stringify(workflow(boss)),
      published_by: staff,
      published_on: now,
    })
    .execute();

  const log2 = (m: string) => log(`  ${m} (${Math.round((Date.now() - started) / 1000)} s)`);
  const t = { tenantId, moduleId, staff, boss };
  if (target.dialect === 'sqlite') bulkSqlite(target.file, t, count, tasks, log2);
  else await bulkPostgres(owner, t, count, tasks, log2);
  const seconds = (Date.now() - started) / 1000;
  log(
    `  seed done: ${count} records, ${Math.min(tasks, count)} open tasks, ${CLOSED_TASKS * count} closed, ${RECORD_BYTES ? `${RECORD_BYTES}-byte records` : 'small records'}, indexes and statistics in ${Math.round(seconds)} s`,
  );
  return { domain, moduleId, seconds, count };
}

interface Ids {
  tenantId: string;
  moduleId: string;
  staff: string;
  boss: string;
}

const RECORD_COLUMNS =
  'id, tenant_id, module_id, module_version, data, version, is_draft, sequence_number, workflow_instance_id, workflow_status, workflow_activity_id, workflow_activity_name, workflow_started_on, workflow_initiator_user, workflow_initiator_email, workflow_completed_on, workflow_faulted_on, created_by, created_on, modified_by, modified_on, submitted_on';
const TASK_COLUMNS =
  'id, tenant_id, record_id, module_id, instance_id, activity_id, activity_title, task_type, assignee_id, assigned_from_user, status, outcome, due_on, version, started_on, completed_on';
/** Closed tasks a record has (BENCH_CLOSED_TASKS): lists must find the open ones among them. */
const CLOSED_TASKS = Math.max(0, Math.min(9, Number(process.env.BENCH_CLOSED_TASKS ?? 0) || 0));
/** Records of about this many bytes (BENCH_RECORD_BYTES): forms of many fields make records of a few kilobytes. */
const RECORD_BYTES = Math.max(0, Math.min(64_000, Number(process.env.BENCH_RECORD_BYTES ?? 0) || 0));
/**
 * The padding: answers to questions the list does not show, as the many short fields of a long form (at most 45:
 * PostgreSQL's json_build_object takes 100 arguments), each as long as makes the record about RECORD_BYTES.
 */
const ANSWER_COUNT = Math.min(45, Math.ceil(Math.max(0, RECORD_BYTES - 70) / 28));
const ANSWERS = Array.from({ length: ANSWER_COUNT }, (_, i) => [
  `answer_${i + 1}`,
  `Answer ${i + 1} `.padEnd(Math.max(10, Math.round((RECORD_BYTES - 70) / ANSWER_COUNT) - 16), 'x'),
]);
const FIELD_INDEXES = [
  ['amount', 'number'],
  ['region', 'text'],
] as const;
/** What the list's index advisor builds on the first list filtered by region and sorted by amount. */
const indexDdl = (dialect: DialectName) => [
  ...FIELD_INDEXES.map(([name, kind]) => fieldIndexSql(dialect, name, kind)),
  pairIndexSql(dialect, { name: 'region', kind: 'text' }, { name: 'amount', kind: 'number' }),
];

/**
 * The rows are computed by the database from n = 0..count-1 (same values on both): ids that sort like n, amounts
 * n·435761 mod 10^6 (a permutation of 0..999,999), regions by n/3, one record in five completed, 15 s apart.
 * `x` is the dialect's pieces.
 */
function rowsSql(x: { id: (p: string) => string; at: string; json: string; cast: string }) {
  const amount = `(n * 435761 + 12345) % 1000000`;
  const region = `(case (n / 3) % 4 ${REGIONS.map((r, i) => `when ${i} then '${r}'`).join(' ')} end)`;
  const done = `n % 5 = 0`;
  const records = `select ${x.id("'b0000000'")}, $tenant, $module, 1, ${x.json}('title', 'Claim ' || ${x.cast}, 'amount', ${amount}, 'region', ${region}${ANSWERS.map(([k, v]) => `, '${k}', '${v}'`).join('')}), 1, 0, n + 1, ${x.id("'b0000000'")},
    case when ${done} then 'Completed' else 'Submitted' end, case when ${done} then null else 'manager' end,
    case when ${done} then null else 'Manager approval' end, ${x.at}, $staff, 'staff@bench.test',
    case when ${done} then ${x.at} end, null, $staff, ${x.at}, $staff, ${x.at}, ${x.at}`;
  const tasks = `select ${x.id("'c0000000'")}, $tenant, ${x.id("'b0000000'")}, $module, ${x.id("'b0000000'")}, 'manager', 'Manager approval',
    'Approval', $boss, 'Stan Staff', 'In Progress', null, null, 1, ${x.at}, null`;
  const closed = (k: number) => `select ${x.id(`'d000000${k}'`)}, $tenant, ${x.id("'b0000000'")}, $module,
    ${x.id("'b0000000'")}, 'review${k}', 'Review ${k}', 'Approval', $boss, null, 'Completed', 'Approved', null, 1, ${x.at}, ${x.at}`;
  return { records, tasks, closed };
}

/** SQLite: one raw connection, no sync, secondary indexes dropped during the load and built after it. */
function bulkSqlite(file: string, ids: Ids, count: number, tasks: number, log: (m: string) => void) {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  db.pragma('temp_store = MEMORY');
  const indexes = db
    .prepare(
      `select name, sql from sqlite_master where type = 'index' and tbl_name in ('records', 'tasks') and sql is not null`,
    )
    .all() as { name: string; sql: string }[];
  for (const i of indexes) db.exec(`drop index ${i.name}`);
  const q = rowsSql({
    id: (prefix) => `${prefix} || '-0000-4000-8000-' || printf('%012d', n)`,
    at: `strftime('%Y-%m-%dT%H:%M:%fZ', 1735689600 + n * 15, 'unixepoch')`,
    json: 'json_object',
    cast: 'n',
  });
  const series = `with recursive s(n) as (select $from union all select n + 1 from s where n + 1 < $to)`;
  const insertRecords = db.prepare(`${series} insert into records (${RECORD_COLUMNS}) ${q.records} from s`);
  const insertTasks = db.prepare(`${series} insert into tasks (${TASK_COLUMNS}) ${q.tasks} from s`);
  const p = { tenant: ids.tenantId, module: ids.moduleId, staff: ids.staff, boss: ids.boss };
  const CHUNK = 50_000;
  for (let from = 0; from < count; from += CHUNK) {
    db.transaction(() => insertRecords.run({ ...p, from, to: Math.min(count, from + CHUNK) }))();
    if ((from + CHUNK) % 200_000 === 0) log(`seeded ${from + CHUNK} records`);
  }
  if (tasks > 0) db.transaction(() => insertTasks.run({ ...p, from: 0, to: Math.min(tasks, count) }))();
  for (let k = 1; k <= CLOSED_TASKS; k++) {
    const insertClosed = db.prepare(`${series} insert into tasks (${TASK_COLUMNS}) ${q.closed(k)} from s`);
    for (let from = 0; from < count; from += CHUNK)
      db.transaction(() => insertClosed.run({ ...p, from, to: Math.min(count, from + CHUNK) }))();
  }
  log(`seeded ${count} records and their tasks`);
  for (const i of indexes) db.exec(i.sql);
  for (const ddl of indexDdl('sqlite')) db.exec(ddl);
  log('indexes built');
  db.exec('analyze');
  db.pragma('synchronous = FULL');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

/** PostgreSQL: generate_series on the server as the table owner (RLS does not apply), indexes built after the load. */
async function bulkPostgres(owner: Kysely<DB>, ids: Ids, count: number, tasks: number, log: (m: string) => void) {
  await owner.connection().execute(async (db) => {
    await sql`set maintenance_work_mem = '512MB'`.execute(db);
    const indexes = (
      await sql<{ name: string; def: string }>`select indexname as name, indexdef as def from pg_indexes
        where schemaname = current_schema() and tablename in ('records', 'tasks') and indexname not like '%pkey'`.execute(
        db,
      )
    ).rows;
    for (const i of indexes) await sql.raw(`drop index ${i.name}`).execute(db);
    const q = rowsSql({
      id: (prefix) => `${prefix} || '-0000-4000-8000-' || lpad(n::text, 12, '0')`,
      at: `to_char(timestamp '2025-01-01' + n * interval '15 seconds', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      json: 'json_build_object',
      cast: 'n::text',
    });
    const bind = (text: string, from: number, to: number) =>
      sql.raw(
        text
          .replaceAll('$tenant', `'${ids.tenantId}'`)
          .replaceAll('$module', `'${ids.moduleId}'`)
          .replaceAll('$staff', `'${ids.staff}'`)
          .replaceAll('$boss', `'${ids.boss}'`) + ` from generate_series(${from}::bigint, ${to - 1}::bigint) n`,
      );
    const CHUNK = 250_000;
    for (let from = 0; from < count; from += CHUNK) {
      await sql`insert into records (${sql.raw(RECORD_COLUMNS)}) ${bind(q.records, from, Math.min(count, from + CHUNK))}`.execute(
        db,
      );
      log(`seeded ${Math.min(count, from + CHUNK)} records`);
    }
    if (tasks > 0)
      await sql`insert into tasks (${sql.raw(TASK_COLUMNS)}) ${bind(q.tasks, 0, Math.min(tasks, count))}`.execute(db);
    for (let k = 1; k <= CLOSED_TASKS; k++)
      for (let from = 0; from < count; from += CHUNK)
        await sql`insert into tasks (${sql.raw(TASK_COLUMNS)}) ${bind(q.closed(k), from, Math.min(count, from + CHUNK))}`.execute(
          db,
        );
    for (const i of indexes) await sql.raw(i.def).execute(db);
    for (const ddl of indexDdl('postgres')) await sql.raw(ddl).execute(db);
    log('indexes built');
    await sql`analyze records`.execute(db);
    await sql`analyze tasks`.execute(db);
  });
}

/**
 * A migrated scratch database of `dialect` seeded with `count` records (seedRecords), closed again, with the
 * environment a server process needs to run on it (scheduler and outbox off, so nothing else writes meanwhile).
 */
export async function seededScratch(dialect: DialectName, count: number, tasks?: number) {
  const cache = process.env.BENCH_CACHE ? seedCache(process.env.BENCH_CACHE, dialect, count, tasks) : undefined;
  const scratch = await scratchDatabase(dialect);
  if (cache && (await cache.restore(scratch))) {
    console.log(`  restored ${count} seeded records on ${dialect} from ${cache.where}`);
    await ensureIndexes(scratch);
    await checkpoint(scratch);
    return { scratch, env: benchEnv(scratch), seeded: { ...cache.seeded(), seconds: 0 } };
  }
  const { env, seeded } = await seedScratch(scratch, dialect, count, tasks);
  await cache?.keep(scratch, seeded);
  await checkpoint(scratch);
  return { scratch, env, seeded };
}

/** PostgreSQL: the seed's writes are flushed now, so no checkpoint writes them during a measured load. */
async function checkpoint(scratch: ScratchDatabase) {
  if (scratch.dialect === 'postgres') await admin((c) => c.query('checkpoint'));
}

/** `fn` on a connection of the PostgreSQL superuser (creating, copying and dropping databases). */
async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Indexes a data set kept before indexDdl named them: built on the copy (each is "if not exists"). */
async function ensureIndexes(scratch: ScratchDatabase) {
  const owner = openOwnerDatabase(loadConfig(benchEnv(scratch)));
  try {
    for (const ddl of indexDdl(scratch.dialect)) await sql.raw(ddl).execute(owner);
    await sql`analyze records`.execute(owner);
  } finally {
    await owner.destroy();
  }
}

function benchEnv(scratch: ScratchDatabase) {
  return {
    DATA_DIR: scratch.dataDir,
    DATABASE_URL: scratch.databaseUrl ?? '',
    WEB_DIR: '',
    LOG_LEVEL: 'warn',
    SCHEDULER: 'off',
    OUTBOX_WORKER: 'off',
  };
}

/**
 * BENCH_CACHE=<dir>: a seeded data set is kept (SQLite: a copy of the file in <dir>; PostgreSQL: a template
 * database) and later runs start from a copy of it, as long as the migrations are the same.
 */
function seedCache(dir: string, dialect: DialectName, count: number, tasks?: number) {
  const migrations = fs
    .readdirSync(path.join(import.meta.dirname, '../src/server/db/migrations'))
    .sort()
    .join(',');
  const key = crypto
    .createHash('sha1')
    .update(
      `${migrations}|${count}|${tasks ?? ''}${CLOSED_TASKS ? `|closed ${CLOSED_TASKS}` : ''}${RECORD_BYTES ? `|${ANSWER_COUNT} answers, ${RECORD_BYTES} bytes` : ''}`,
    )
    .digest('hex')
    .slice(0, 12);
  const file = path.join(dir, `records-${dialect}-${key}`);
  const template = `ff_bench_records_${key}`;
  const dbName = (s: ScratchDatabase) => new URL(s.databaseUrl!).pathname.slice(1);
  return {
    where: dialect === 'sqlite' ? file : template,
    seeded: () => JSON.parse(fs.readFileSync(`${file}.json`, 'utf8')) as Seeded,
    async restore(s: ScratchDatabase): Promise<boolean> {
      if (!fs.existsSync(`${file}.json`)) return false;
      if (dialect === 'sqlite')
        fs.copyFileSync(file, path.join(s.dataDir, 'flowforms.sqlite')); // closed: no WAL
      else {
        const name = dbName(s);
        await admin(async (c) => {
          await c.query(`drop database ${name}`);
          await c.query(`create database ${name} template ${template}${await fileCopy(c)}`);
        });
      }
      return true;
    },
    async keep(s: ScratchDatabase, seeded: Seeded) {
      fs.mkdirSync(dir, { recursive: true });
      if (dialect === 'sqlite') fs.copyFileSync(path.join(s.dataDir, 'flowforms.sqlite'), file);
      else
        await admin(async (c) => {
          await c.query(`drop database if exists ${template}`);
          await c.query(`create database ${template} template ${dbName(s)}${await fileCopy(c)}`);
        });
      fs.writeFileSync(`${file}.json`, JSON.stringify(seeded));
    },
  };
}

/**
 * PostgreSQL 15 copies a template through the WAL by default: 3 GB of WAL whose checkpoints then ran during the
 * measured loads (writes spread over half a minute, fsyncs of a quarter second). A file copy writes no WAL.
 */
async function fileCopy(c: pg.Client): Promise<string> {
  const { rows } = await c.query<{ v: number }>("select current_setting('server_version_num')::int as v");
  return rows[0]!.v >= 150000 ? ' strategy file_copy' : '';
}

async function seedScratch(scratch: ScratchDatabase, dialect: DialectName, count: number, tasks?: number) {
  const env = benchEnv(scratch);
  const config = loadConfig(env);
  const owner = openOwnerDatabase(config);
  await migrateToLatest(owner, dialect);
  const app = openDatabase(config);
  console.log(`  seeding ${count} records on ${dialect}`);
  const target =
    dialect === 'sqlite'
      ? { dialect, file: path.join(scratch.dataDir, 'flowforms.sqlite') }
      : { dialect: 'postgres' as const };
  const seeded = await seedRecords(app, owner, target, count, tasks);
  await app.close();
  await owner.destroy();
  return { env, seeded };
}
