import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { READY_TIMEOUT_MS } from '../support/ready.js';
import { freePort, startServer, type RunningServer } from '../support/server.js';
import { scratchDatabase, testDialects, type ScratchDatabase } from '../support/databases.js';
import type { DialectName } from '../../src/server/db/database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of several routes, read loosely
type Answer = { success: boolean; message: string; data: any };

/** Plain reads for the checks, on the database the server wrote (owner access: every row, no tenant filter). */
async function reader(dialect: DialectName, dataDir: string, url?: string) {
  if (dialect === 'sqlite') {
    const db = new SQLite(path.join(dataDir, 'flowforms.sqlite'), { readonly: true });
    return { all: async <T>(q: string) => db.prepare(q).all() as T[], close: async () => db.close() };
  }
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => undefined); // the scratch database is dropped with force at the end
  await c.connect();
  return { all: async <T>(q: string) => (await c.query(q)).rows as T[], close: () => c.end() };
}

/** Kill cycles per database: enough to land kills in different phases of a transition, few enough to stay quick. */
const KILLS = 3;
/** How long to wait for traffic to make progress between kills (a loaded machine serves slowly). */
const PROGRESS_WAIT_MS = 30_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Kills the real server with SIGKILL at random moments while approvals stream in over HTTP, restarts it on the
 * same database, and checks that every record is in exactly one valid state: no acknowledged approval lost, no
 * task lost or duplicated, no half-done transition, no outbox entry delivered twice. Runs on SQLite (the engine's
 * writer thread, group commit) and on PostgreSQL (one transaction per action, SKIP LOCKED outbox) alike.
 */
describe.each(await testDialects())('engine crash safety on %s (kill -9)', (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ff-crash-'));
  let server: RunningServer | undefined;
  let scratch: ScratchDatabase | undefined;
  let db: Awaited<ReturnType<typeof reader>> | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL').catch(() => undefined);
    await db?.close().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  });

  // Each start may wait up to READY_TIMEOUT_MS on a loaded machine; a quiet run takes well under a minute.
  const timeout = (KILLS + 1) * (READY_TIMEOUT_MS + PROGRESS_WAIT_MS) + 120_000;
  it('keeps every record in one valid state across crashes', { timeout }, async () => {
    const port = await freePort();
    scratch = dialect === 'postgres' ? await scratchDatabase('postgres') : undefined;
    const env = { DATA_DIR: dataDir, PORT: String(port), WEB_DIR: '', DATABASE_URL: scratch?.databaseUrl ?? '' };
    server = await startServer(env);
    const base = `http://127.0.0.1:${port}`;
    const call = async (url: string, token: string | null, body?: unknown) => {
      const res = await fetch(base + url, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000), // a loaded machine answers slowly; an unanswered call is not acknowledged
      });
      return { status: res.status, json: (await res.json()) as Answer };
    };
    const signIn = async (username: string, password: string) =>
      (await call('/api/identity/Authentication/authenticateiso', null, JSON.stringify({ username, password }))).json
        .data.token as string;
    const admin = await signIn('admin', 'Admin-Pass-123');
    const user = await signIn('user', 'User-Pass-123');
    const people = (await call('/api/form/Editor/LookupAssignee', admin)).json.data as {
      id: string;
      username?: string;
    }[];
    const adminId = people.find((p) => p.username === 'admin')!.id;
    const userId = people.find((p) => p.username === 'user')!.id;

    const moduleId = (await call('/api/form/Editor/CreateProcessFromScratch', admin, { name: 'Crash claims' })).json
      .data.id as string;
    const module = {
      display_name: 'Crash claims',
      fieldGroups: [
        {
          id: 'g',
          label: 'G',
          rows: [{ fields: [{ name: 'title', label: 'Title', fieldType: 'text', required: true }] }],
        },
      ],
    };
    const step = (id: string, who: string, left: number) => ({
      activityId: id,
      type: 'Assignment',
      displayName: id,
      position: { left, top: 0 },
      properties: {
        approvers: [{ type: 'user', id: who }],
        approvalMode: 'any',
        dueInDays: null,
        reminderEveryHours: null,
        taskType: 'Approval',
      },
    });
    const workflow = {
      activities: [
        { activityId: 'start', type: 'StartProcess', position: { left: 0, top: 0 } },
        step('first', adminId, 200),
        step('second', userId, 400),
        { activityId: 'done', type: 'CompletedProcess', position: { left: 600, top: 0 } },
      ],
      connections: [
        { sourceActivityId: 'start', targetActivityId: 'first', outcome: 'Done' },
        { sourceActivityId: 'first', targetActivityId: 'second', outcome: 'Approved' },
        { sourceActivityId: 'second', targetActivityId: 'done', outcome: 'Approved' },
      ],
    };
    expect((await call(`/api/form/Editor/SaveForm?id=${moduleId}`, admin, { module, workflow })).json.success).toBe(
      true,
    );
    expect((await call(`/api/form/Editor/publish?id=${moduleId}`, admin, {})).json.success).toBe(true);

    const acknowledgedSubmits = new Set<string>();
    const acknowledgedApprovals = new Set<string>();
    let running = true;
    let n = 0;
    const safe = async <T>(fn: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await fn();
      } catch {
        await sleep(50); // the server is down or restarting
        return undefined;
      }
    };
    const submitter = async () => {
      while (running) {
        const r = await safe(() =>
          call('/api/EntryModule/submit', admin, { moduleId, data: { title: `Claim ${n++}` } }),
        );
        if (r?.status === 200) acknowledgedSubmits.add(r.json.data.recordId);
      }
    };
    const approver = (token: string) => async () => {
      while (running) {
        const list = await safe(() => call('/api/Task/datatables', token, { page: 1, length: 20 }));
        const rows = (list?.status === 200 ? list.json.data.data : []) as { id: string }[];
        if (!rows.length) await sleep(20);
        // Shuffled, so two loops of one user race on the same tasks.
        for (const row of rows.sort(() => Math.random() - 0.5)) {
          const r = await safe(() => call('/api/EntryModule/approve', token, { task_id: row.id, accepted: true }));
          if (r?.status === 200) acknowledgedApprovals.add(row.id);
          else if (r && r.status !== 409) throw new Error(`approve answered ${r.status}: ${JSON.stringify(r.json)}`);
        }
      }
    };
    // A few kills at random moments of the stream, each once the restarted server has acknowledged new work (so
    // every kill lands in live traffic however slow the machine is), each followed by a restart on the same
    // database; traffic keeps flowing (and failing) while the server is down, and runs on after the last restart.
    const progress = () => acknowledgedSubmits.size + acknowledgedApprovals.size;
    const until = async (done: () => boolean) => {
      for (const end = Date.now() + PROGRESS_WAIT_MS; !done() && Date.now() < end;) await sleep(50);
    };
    const killer = async () => {
      let kills = 0;
      try {
        for (; kills < KILLS; kills++) {
          const target = progress() + 4;
          await until(() => progress() >= target);
          await sleep(Math.random() * 500);
          const exited = new Promise((r) => server!.proc.once('exit', r));
          server!.proc.kill('SIGKILL');
          await exited;
          server = await startServer(env);
        }
        await until(() => acknowledgedApprovals.size > 10 && acknowledgedSubmits.size > 10);
      } finally {
        running = false;
      }
      return kills;
    };
    const [kills] = await Promise.all([
      killer(),
      submitter(),
      submitter(),
      approver(admin)(),
      approver(admin)(),
      approver(user)(),
      approver(user)(),
    ]);
    expect(kills).toBe(KILLS);
    expect(acknowledgedApprovals.size, `${kills} kills`).toBeGreaterThan(10);

    // Drain: approve whatever is still open, then let the outbox worker deliver everything.
    const stopAt = Date.now() + 30_000;
    const drainUntilEmpty = async (token: string) => {
      while (Date.now() < stopAt) {
        const list = await call('/api/Task/datatables', token, { page: 1, length: 100 });
        if (!list.json.data.data.length) return;
        for (const row of list.json.data.data as { id: string }[]) {
          const r = await call('/api/EntryModule/approve', token, { task_id: row.id, accepted: true });
          if (r.status === 200) acknowledgedApprovals.add(row.id);
        }
      }
    };
    await drainUntilEmpty(admin);
    await drainUntilEmpty(user);
    db = await reader(dialect, dataDir, scratch?.databaseUrl);
    const count = async (q: string) => Number((await db!.all<{ n: number | string }>(q))[0]!.n);
    const pending = () => count(`select count(*) n from outbox where status = 'pending'`);
    for (let i = 0; i < 150 && (await pending()) > 0; i++) await sleep(200);
    expect(await pending()).toBe(0);
    await server.stop('SIGTERM');

    type Rec = {
      id: string;
      is_draft: number;
      workflow_status: string | null;
      workflow_completed_on: string | null;
      workflow_instance_id: string | null;
    };
    type Task = {
      id: string;
      record_id: string;
      instance_id: string;
      activity_id: string;
      status: string;
      outcome: string | null;
    };
    const m = `'${moduleId.replace(/'/g, '')}'`;
    const records = await db.all<Rec>(`select * from records where module_id = ${m}`);
    const tasks = await db.all<Task>(`select * from tasks where module_id = ${m}`);
    const history = await db.all<{ record_id: string; task_id: string | null; action_type: string }>(
      `select * from activity_history where module_id = ${m}`,
    );
    expect(records.length).toBeGreaterThan(10);
    // Every acknowledged submit and approval survived the crashes.
    for (const id of acknowledgedSubmits)
      expect(
        records.some((r) => r.id === id),
        `record ${id}`,
      ).toBe(true);
    for (const id of acknowledgedApprovals)
      expect(tasks.find((t) => t.id === id)?.outcome, `task ${id}`).toBe('Approved');

    for (const r of records) {
      const mine = tasks.filter((t) => t.record_id === r.id);
      const hist = history.filter((h) => h.record_id === r.id);
      // A submit is all or nothing: no record is left half-submitted.
      expect(Number(r.is_draft)).toBe(0);
      expect(r.workflow_status, r.id).toBe('Completed');
      expect(r.workflow_completed_on).toBeTruthy();
      // Exactly one task per step, both approved, no duplicates, nothing open.
      expect(mine.map((t) => `${t.activity_id}:${t.status}:${t.outcome}`).sort(), r.id).toEqual([
        'first:Completed:Approved',
        'second:Completed:Approved',
      ]);
      expect(new Set(mine.map((t) => t.instance_id))).toEqual(new Set([r.workflow_instance_id]));
      expect(hist.map((h) => h.action_type).sort()).toEqual(['Approve', 'Approve', 'Completed', 'Submit']);
      expect(new Set(hist.filter((h) => h.task_id).map((h) => h.task_id)).size).toBe(2);
    }
    // Notifications are stored with their action, once per outbox entry and never twice; the entry pushes them.
    const entries = await count(`select count(*) n from outbox where kind = 'notification'`);
    const notes = (
      await db.all<{ source_key: string; n: number | string }>(
        'select source_key, count(*) n from notifications group by source_key',
      )
    ).map((x) => ({ ...x, n: Number(x.n) }));
    expect(notes.every((x) => x.n === 1)).toBe(true);
    expect(notes.length).toBe(entries);
    const outboxKeys = new Set(
      (await db.all<{ k: string }>(`select idempotency_key k from outbox where kind = 'notification'`)).map((x) => x.k),
    );
    expect(notes.every((x) => outboxKeys.has(x.source_key))).toBe(true);
  });
});
