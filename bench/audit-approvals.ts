// What auditing costs approvals (part of audit.bench.ts): the same approval transition (engine TRANSITIONS.approve),
// 8 at once as the server runs them (PostgreSQL: a transaction each; SQLite: the group commit that concurrent
// actions share, engine/transitions.ts), in rounds with auditing and with the audit insert skipped (on, off, off,
// on, … after a warm-up of each), in one run on one database; the sealer chains what was written meanwhile, as in
// service. BENCH_AUDIT_SERIAL=1 runs them one after another, a transaction each (a lone client's latency).
import fs from 'node:fs';
import type { Kysely } from 'kysely';
import { report } from './lib.js';
import { backendsCpuSpent, postgresBackendsCpu } from './cpu.js';
import { flow, seed } from './process-console.bench.js';
import { startTestApp } from '../tests/support/app.js';
import { bearer, tokenFor } from '../tests/support/auth.js';
import type { DialectName } from '../src/server/db/database.js';
import type { DB } from '../src/server/db/schema.js';
import { TenantDb } from '../src/server/tenancy/tenant-db.js';
import { TRANSITIONS } from '../src/server/engine/transitions.js';
import { inTransaction } from '../src/server/engine/write.js';
import { GroupCommitter } from '../src/server/db/group-commit.js';
import { preparedWithoutAudit, writeBatchWithoutAudit } from './audit-skip.js';
import { authUserOf } from '../src/server/identity/user-info.js';

const TASKS = Number(process.env.BENCH_AUDIT_APPROVALS ?? 6000);
/** Short rounds in blocks of four (on, off, off, on): a block's modes see the same machine, whatever else runs. */
const ROUNDS = Number(process.env.BENCH_AUDIT_ROUNDS ?? 24);
const WARM = 100;
const PW = 'Bench-Pass-123';
const HOST = 'acme.localhost';

/** A TenantDb whose audit inserts do nothing (everything else as usual): "without auditing". */
class Unaudited extends TenantDb {
  constructor(
    tenantId: string,
    private readonly k: Kysely<DB>,
  ) {
    super(tenantId, k);
  }
  override transaction<R>(fn: (tx: TenantDb) => Promise<R>): Promise<R> {
    return this.k.transaction().execute((trx) => fn(new Unaudited(this.tenantId, trx)));
  }
}
Unaudited.prototype.prepared = preparedWithoutAudit(TenantDb.prototype.prepared);
Unaudited.prototype.writeBatch = writeBatchWithoutAudit(TenantDb.prototype.writeBatch);

export async function approvalsWithAndWithoutAudit(dialect: DialectName) {
  const t = await startTestApp(dialect, { LOG_LEVEL: 'silent' });
  try {
    const { tenantId } = await t.addTenant('acme', PW);
    const k = t.db.forTenant(tenantId);
    const tdb = new TenantDb(tenantId, k);
    const adminRow = await tdb
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const user = authUserOf(adminRow, tenantId);
    const headers = bearer(await tokenFor(t.app, HOST, 'admin', PW), HOST);
    const form = {
      display_name: 'Bench',
      fieldGroups: [
        { id: 'g', label: 'G', rows: [{ fields: [{ name: 'title', label: 'Title', fieldType: 'text' }] }] },
      ],
    };
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers read loosely
    const call = async (url: string, payload: object): Promise<any> => {
      const body = (await t.app.inject({ method: 'POST', url, headers, payload })).json();
      if (!body.success) throw new Error(`${url}: ${body.message}`);
      return body.data;
    };
    const moduleId = (await call('/api/form/Editor/CreateProcessFromScratch', { name: 'Approvals' })).id as string;
    await call(`/api/form/Editor/SaveForm?id=${moduleId}`, {
      module: form,
      workflow: flow(['a', 'b', 'c'], adminRow.id),
    });
    await call(`/api/form/Editor/publish?id=${moduleId}`, {});
    await seed(tdb, moduleId, adminRow.id, TASKS, ['a']);
    const tasks = (
      await tdb
        .selectFrom('tasks')
        .select('id')
        .where('module_id', '=', moduleId)
        .where('status', '=', 'In Progress')
        .execute()
    ).map((r) => r.id);
    const serial = process.env.BENCH_AUDIT_SERIAL === '1';
    const lanes = serial ? 1 : 8;
    // On SQLite the server's actions share commits (app.ts): one committer per mode, as one server would have.
    const groups =
      dialect === 'sqlite' && !serial
        ? { on: new GroupCommitter(t.db.system), off: new GroupCommitter(t.db.system, (id, k) => new Unaudited(id, k)) }
        : undefined;
    // A warm-up round per mode (not counted): the first round otherwise pays for compiling statements and warming
    // caches, and it was always an audited one.
    const warm = Math.min(WARM, Math.floor(tasks.length / 10));
    const per = Math.floor((tasks.length - 2 * warm) / ROUNDS);
    const spent = { on: 0, off: 0 };
    const count = { on: 0, off: 0 };
    const blocks: number[] = [];
    let block = { on: 0, off: 0 };
    let sealing = 0;
    /** Approves these tasks in one mode; answers the time taken, with what sealing them took when audited. */
    const cpu = { on: 0, off: 0 };
    const url = t.config.databaseUrl;
    const approveAll = async (mode: 'on' | 'off', mine: string[]) => {
      const db = mode === 'on' ? tdb : new Unaudited(tenantId, k);
      const backends = url ? await postgresBackendsCpu(url) : undefined;
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: lanes }, async () => {
          while (next < mine.length) {
            const taskId = mine[next++]!;
            const approve = (tx: TenantDb) => TRANSITIONS.approve(tx, user, { taskId, accepted: true });
            await (groups ? groups[mode].run(tenantId, approve) : inTransaction(db, approve));
          }
        }),
      );
      // What the sealer does for these entries is part of auditing's cost.
      const t1 = performance.now();
      if (mode === 'on') await t.app.auditSealer.sealAll();
      sealing += performance.now() - t1;
      const ms = performance.now() - t0;
      // CPU of this process (the server's code runs here) and of the database's backends: what auditing costs in
      // work, which a busy machine stretches far less than it stretches wall-clock time.
      const c = process.cpuUsage(c0);
      cpu[mode] +=
        (c.user + c.system) / 1000 + (backends ? backendsCpuSpent(backends, await postgresBackendsCpu(url!)) : 0);
      return ms;
    };
    await approveAll('on', tasks.slice(0, warm));
    await approveAll('off', tasks.slice(warm, 2 * warm));
    sealing = 0;
    cpu.on = cpu.off = 0;
    const rest = tasks.slice(2 * warm);
    for (let round = 0; round < ROUNDS; round++) {
      // On, off, off, on, …: a drift over the run (the tables grow) weighs on both modes alike.
      const mode = round % 4 === 0 || round % 4 === 3 ? 'on' : 'off';
      const mine = rest.slice(round * per, (round + 1) * per);
      const ms = await approveAll(mode, mine);
      spent[mode] += ms;
      count[mode] += mine.length;
      block[mode] += ms;
      if (round % 4 === 3) {
        // Same number of approvals in each mode of a block: the ratio of times is the ratio of rates.
        blocks.push(1 - block.off / block.on);
        block = { on: 0, off: 0 };
      }
    }
    const sorted = [...blocks].sort((a, b) => a - b);
    const median = sorted.length
      ? (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2
      : 0;
    const rate = (m: 'on' | 'off') => Math.round((count[m] / spent[m]) * 1000);
    const audited = await tdb
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    report(`audit cost of approvals ${dialect}`, {
      approvals: count.on + count.off,
      withAuditPerSecond: rate('on'),
      withoutAuditPerSecond: rate('off'),
      auditCostPercent: Math.round((1 - rate('on') / rate('off')) * 1000) / 10,
      cpuMsPerApprovalWithAudit: Math.round((cpu.on / count.on) * 100) / 100,
      cpuMsPerApprovalWithoutAudit: Math.round((cpu.off / count.off) * 100) / 100,
      auditCpuCostPercent: Math.round((1 - cpu.off / count.off / (cpu.on / count.on)) * 1000) / 10,
      // The same, block by block (four rounds each), and their median: what a burst of other work cannot tip.
      auditCostMedianPercent: Math.round(median * 1000) / 10,
      blockCostsPercent: blocks.map((b) => Math.round(b * 1000) / 10).join(' '),
      auditEntries: Number(audited?.n ?? 0),
      // The part of the audited rounds' time spent in the final sealAll (the timer's sealing runs during the round).
      sealAllMs: Math.round(sealing),
      lanes,
      commits: groups ? 'shared (group commit)' : 'one per approval',
      load: fs.readFileSync('/proc/loadavg', 'utf8').trim(),
    });
  } finally {
    await t.close();
  }
}
