import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../src/server/tenancy/admin.js';
import { TenantDb } from '../../src/server/tenancy/tenant-db.js';
import { bearer, tokenFor } from '../support/auth.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { testDialects } from '../support/databases.js';
import { claimWorkflow, expenseClaim } from './engine-fixture.js';

/**
 * Issue 8: every record, task, file, comment, history and scheduler route, tried by people who must not reach
 * tenant A's data: an unrelated user of A, and B's admin and user (on B's host naming A's ids, and on A's host).
 * Each must be refused (or, for lists, answer without any of A's data) and leave A's data as it was.
 */
const PW = 'Correct-Horse-9';
const A = 'acme.localhost';
const B = 'bravo.localhost';
const TITLE = 'Trip-MARK-7f3a';
const SECRET = 'SECRET-MARK-91c2';
const COMMENT = 'COMMENT-MARK-55d0';
const SCHEDULE = 'SCHED-MARK-3be1';
const DRAFT = 'DRAFT-MARK-c4e8';

type Caller = 'uma' | 'bAdmin@B' | 'bob@B' | 'bAdmin@A' | 'bob@A' | 'sam' | 'mia';
/** Sam (the initiator) and Mia (the approver) are tried only on what belongs to the other one. */
type Insider = 'sam' | 'mia';
interface Ids {
  moduleId: string;
  rec1: string;
  rec2: string;
  draft: string;
  task1: string;
  task2: string;
  team: string;
  mia: string;
  uma: string;
  fileKey: string;
  schedule: string;
}
interface Case {
  name: string;
  method: 'GET' | 'POST';
  url: (i: Ids) => string;
  body?: (i: Ids) => unknown;
  /** Lists may answer 200 when nothing of A's is in the answer; everything else must be refused. */
  list?: boolean;
  /** Extra check on a 200 list answer (e.g. counts must be zero). */
  check?: (data: unknown) => void;
  /** Callers this case is not meant for (e.g. a route that names no id of A's, tried on B's host). */
  skipFor?: Caller[];
  /** Insiders of A who must be refused too (another user's task, or what only the initiator may do). */
  also?: Insider[];
  x?: 'token' | 'multipart';
  /** A probe on the hidden field: refusing it (400/403) is as good as answering that nothing matched. */
  oracle?: boolean;
}

const EM = '/api/EntryModule';
const FILES = '/api/form/AWSS3';
const SCH = '/api/TaskScheduler';
const zero = (d: unknown) => expect(d).toBe(0);
const zeroSummary = (d: unknown) => expect(d).toMatchObject({ total: 0, drafts: 0 });
const nonEmpty = (d: unknown) => expect((d as unknown[]).length).toBeGreaterThan(0);
const B_HOST: Caller[] = ['bAdmin@B', 'bob@B'];

/** Every route of src/server/{engine,tasks,records,entries,files,scheduler}, aimed at A's data. */
export const CASES: Case[] = [
  // engine
  {
    name: 'submit someone else’s draft',
    method: 'POST',
    url: () => `${EM}/submit`,
    body: (i) => ({ moduleId: i.moduleId, recordId: i.draft, data: { title: 'x', amount: 1 } }),
    also: ['mia'],
  },
  {
    name: 'submit a new record into A’s app',
    method: 'POST',
    url: () => `${EM}/submit`,
    body: (i) => ({ moduleId: i.moduleId, data: { title: 'x', amount: 1 } }),
    skipFor: ['uma'],
  },
  {
    name: 'approve',
    method: 'POST',
    url: () => `${EM}/approve`,
    body: (i) => ({ task_id: i.task1, accepted: true }),
    also: ['sam'],
  },
  {
    name: 'reject',
    method: 'POST',
    url: (i) => `${EM}/approve?taskId=${i.task1}&accepted=false`,
    body: () => ({ description: 'no' }),
    also: ['sam'],
  },
  {
    name: 'reassignment',
    method: 'POST',
    url: () => `${EM}/reassignment`,
    body: (i) => ({ taskId: i.task1, userId: i.uma }),
    also: ['sam'],
  },
  {
    name: 'people to reassign a task of the record to',
    method: 'GET',
    url: (i) => `/api/form/Editor/LookupAssigneeByRecord?recordId=${i.rec1}&taskId=${i.task1}`,
    also: ['sam'],
  },
  {
    name: 'whom a record is shared with',
    method: 'GET',
    url: (i) => `/api/workflow/share?recordId=${i.rec1}`,
  },
  {
    name: 'reassignmentByAdmin',
    method: 'POST',
    url: () => `${EM}/reassignmentByAdmin`,
    body: (i) => ({ taskId: i.task1, userId: i.uma }),
    also: ['sam', 'mia'],
  },
  {
    name: 'reassigntasks',
    method: 'POST',
    url: () => `${EM}/reassigntasks`,
    body: (i) => ({ taskIds: [i.task1, i.task2], userId: i.uma }),
    also: ['sam', 'mia'],
  },
  {
    name: 'goback',
    method: 'POST',
    url: () => `${EM}/goback`,
    body: (i) => ({ taskId: i.task2, goBackToActivityId: 'manager', message: 'x' }),
    also: ['sam', 'mia'],
  },
  {
    name: 'withdraw',
    method: 'POST',
    url: () => `${EM}/withdraw`,
    body: (i) => ({ recordId: i.rec1, message: 'x' }),
    also: ['mia'],
  },
  {
    name: 'reminder (record)',
    method: 'POST',
    url: () => `${EM}/reminder`,
    body: (i) => ({ recordId: i.rec1 }),
    also: ['mia'],
  },
  {
    name: 'reminder (task)',
    method: 'POST',
    url: () => `${EM}/reminder`,
    body: (i) => ({ taskId: i.task1 }),
    also: ['mia'],
  },
  {
    name: 'workflow/restart',
    method: 'POST',
    url: () => `${EM}/workflow/restart`,
    body: (i) => ({ recordId: i.rec1 }),
    also: ['mia'],
  },
  { name: 'workflowhistory', method: 'GET', url: (i) => `${EM}/${i.moduleId}/workflowhistory?recordId=${i.rec1}` },
  // tasks
  {
    name: 'Task/datatables',
    method: 'POST',
    url: () => '/api/Task/datatables',
    body: () => ({ page: 1, length: 100 }),
    list: true,
  },
  { name: 'Task/total (GET)', method: 'GET', url: () => '/api/Task/total', list: true, check: zero },
  {
    name: 'Task/total (POST)',
    method: 'POST',
    url: () => '/api/Task/total',
    body: () => ({}),
    list: true,
    check: zero,
  },
  {
    name: 'Task/dynamicdatatables',
    method: 'POST',
    url: () => '/api/Task/dynamicdatatables',
    body: () => ({ page: 1, length: 100 }),
    list: true,
  },
  {
    name: 'Task/dataTablesByUserId',
    method: 'POST',
    url: () => '/api/Task/dataTablesByUserId',
    body: (i) => ({ userId: i.mia, page: 1, length: 100 }),
    list: true,
  },
  {
    name: 'Task/dataTablesByTeamId',
    method: 'POST',
    url: () => '/api/Task/dataTablesByTeamId',
    body: (i) => ({ teamId: i.team, page: 1, length: 100 }),
    list: true,
  },
  { name: 'Task/:id/detail', method: 'GET', url: (i) => `/api/Task/${i.task1}/detail`, also: ['sam'] },
  {
    name: 'Task/:id/detail (team task)',
    method: 'GET',
    url: (i) => `/api/Task/${i.task2}/detail`,
    also: ['sam', 'mia'],
  },
  // records
  {
    name: 'save over a draft',
    method: 'POST',
    url: () => `${EM}/save`,
    body: (i) => ({ moduleId: i.moduleId, recordId: i.draft, data: { title: 'x' } }),
    also: ['mia'],
  },
  {
    name: 'save over a running record',
    method: 'POST',
    url: () => `${EM}/save`,
    body: (i) => ({ moduleId: i.moduleId, recordId: i.rec1, data: { title: 'x' } }),
    also: ['mia'],
  },
  {
    name: 'save a new draft into A’s app',
    method: 'POST',
    url: () => `${EM}/save`,
    body: (i) => ({ moduleId: i.moduleId, data: { title: 'x' } }),
    skipFor: ['uma'],
  },
  { name: 'record detail', method: 'GET', url: (i) => `${EM}/${i.rec1}/detail` },
  { name: 'record detail with the task', method: 'GET', url: (i) => `${EM}/${i.rec1}/detail?taskId=${i.task1}` },
  { name: 'draft detail', method: 'GET', url: (i) => `${EM}/${i.draft}/detail`, also: ['mia'] },
  { name: 'form of A’s app', method: 'GET', url: (i) => `${EM}/form/${i.moduleId}`, skipFor: ['uma'] },
  // entries
  {
    name: 'datatables',
    method: 'POST',
    url: () => `${EM}/datatables`,
    body: (i) => ({ moduleId: i.moduleId, page: 1, length: 100 }),
    list: true,
  },
  {
    name: 'datatables searching the secret',
    method: 'POST',
    url: () => `${EM}/datatables`,
    body: (i) => ({ moduleId: i.moduleId, page: 1, length: 100, search: { value: SECRET } }),
    list: true,
  },
  {
    name: 'draftdatatables',
    method: 'POST',
    url: () => `${EM}/draftdatatables`,
    body: (i) => ({ moduleId: i.moduleId, page: 1, length: 100 }),
    list: true,
  },
  {
    name: 'deletebyId',
    method: 'POST',
    url: () => `${EM}/deletebyId`,
    body: (i) => ({ id: i.rec1 }),
    also: ['mia', 'sam'],
  },
  {
    name: 'deletebyId (draft)',
    method: 'POST',
    url: () => `${EM}/deletebyId`,
    body: (i) => ({ id: i.draft }),
    also: ['mia'],
  },
  {
    name: 'deletebyIds',
    method: 'POST',
    url: () => `${EM}/deletebyIds`,
    body: (i) => ({ ids: [i.rec1, i.rec2, i.draft] }),
    also: ['mia', 'sam'],
  },
  {
    name: 'sendComment',
    method: 'POST',
    url: () => `${EM}/sendComment`,
    body: (i) => ({ recordId: i.rec1, message: 'hi' }),
  },
  { name: ':recordId/comments', method: 'GET', url: (i) => `${EM}/${i.rec1}/comments` },
  { name: 'loadcomment', method: 'GET', url: (i) => `${EM}/loadcomment?recordId=${i.rec1}` },
  { name: 'summary', method: 'GET', url: (i) => `${EM}/summary/${i.moduleId}`, list: true, check: zeroSummary },
  // files
  { name: 'GetFile (bearer)', method: 'GET', url: (i) => `${FILES}/GetFile?key=${i.fileKey}`, also: ['mia'] },
  {
    name: 'GetFile (x-token)',
    method: 'GET',
    url: (i) => `${FILES}/GetFile?key=${i.fileKey}`,
    x: 'token',
    also: ['mia'],
  },
  {
    name: 'RemoveFileByKey',
    method: 'POST',
    url: () => `${FILES}/RemoveFileByKey`,
    body: (i) => ({ key: i.fileKey }),
    also: ['mia'],
  },
  {
    name: 'Upload (multipart)',
    method: 'POST',
    url: () => `${FILES}/Upload`,
    x: 'multipart',
    skipFor: ['uma', ...B_HOST],
  },
  {
    name: 'UploadBase64',
    method: 'POST',
    url: () => `${FILES}/UploadBase64`,
    body: () => ({ fileName: 'a.txt', base64: 'aGVsbG8=' }),
    skipFor: ['uma', ...B_HOST],
  },
  // scheduler
  {
    name: 'TaskScheduler/save over A’s schedule',
    method: 'POST',
    url: () => `${SCH}/save`,
    body: (i) => ({ id: i.schedule, moduleId: i.moduleId, name: 'taken', cron: '0 9 * * *' }),
    also: ['mia'],
  },
  {
    name: 'TaskScheduler/save into A’s app',
    method: 'POST',
    url: () => `${SCH}/save`,
    body: (i) => ({ moduleId: i.moduleId, name: 'new', cron: '0 9 * * *' }),
    skipFor: ['uma'],
  },
  {
    name: 'TaskScheduler/datatables',
    method: 'POST',
    url: () => `${SCH}/datatables`,
    body: () => ({ page: 1, length: 100 }),
    list: true,
  },
  {
    name: 'TaskScheduler/datatables of A’s app',
    method: 'POST',
    url: () => `${SCH}/datatables`,
    body: (i) => ({ moduleId: i.moduleId, page: 1, length: 100 }),
    list: true,
  },
  { name: 'TaskScheduler/:id/detail', method: 'GET', url: (i) => `${SCH}/${i.schedule}/detail`, also: ['mia'] },
  {
    name: 'TaskScheduler/activities (GET)',
    method: 'GET',
    url: (i) => `${SCH}/activities?schedule_id=${i.schedule}`,
    also: ['mia'],
  },
  {
    name: 'TaskScheduler/activities (POST)',
    method: 'POST',
    url: () => `${SCH}/activities`,
    body: (i) => ({ schedule_id: i.schedule }),
    also: ['mia'],
  },
  {
    name: 'TaskScheduler/action',
    method: 'POST',
    url: () => `${SCH}/action`,
    body: (i) => ({ schedule_id: i.schedule, status: 'pause' }),
    also: ['mia'],
  },
  {
    name: 'TaskScheduler/delete',
    method: 'POST',
    url: () => `${SCH}/delete`,
    body: (i) => ({ schedule_id: i.schedule }),
    also: ['mia'],
  },
];

/** Every answer the approver (Mia, with an open task on rec1 and a decided one on rec2) gets about the records. */
const HIDDEN: Case[] = [
  { name: 'record detail', method: 'GET', url: (i) => `${EM}/${i.rec1}/detail` },
  { name: 'record detail with the task', method: 'GET', url: (i) => `${EM}/${i.rec1}/detail?taskId=${i.task1}` },
  { name: 'record detail of a decided record', method: 'GET', url: (i) => `${EM}/${i.rec2}/detail` },
  { name: 'task detail', method: 'GET', url: (i) => `/api/Task/${i.task1}/detail` },
  {
    name: 'datatables',
    method: 'POST',
    url: () => `${EM}/datatables`,
    body: (i) => ({ moduleId: i.moduleId, page: 1, length: 100 }),
  },
  {
    name: 'datatables searching the hidden value',
    method: 'POST',
    url: () => `${EM}/datatables`,
    body: (i) => ({ moduleId: i.moduleId, page: 1, length: 100, search: { value: SECRET } }),
    check: (d) => expect(d).toMatchObject({ recordsFiltered: 0 }),
    oracle: true,
  },
  {
    name: 'datatables filtering on the hidden field',
    method: 'POST',
    url: () => `${EM}/datatables`,
    body: (i) => ({
      moduleId: i.moduleId,
      page: 1,
      length: 100,
      filters: [{ field: 'secret', operator: 'eq', value: SECRET }],
    }),
    check: (d) => expect(d).toMatchObject({ recordsFiltered: 0 }),
    oracle: true,
  },
  {
    name: 'Task/datatables',
    method: 'POST',
    url: () => '/api/Task/datatables',
    body: () => ({ page: 1, length: 100 }),
  },
  {
    name: 'Task/dynamicdatatables',
    method: 'POST',
    url: () => '/api/Task/dynamicdatatables',
    body: () => ({ page: 1, length: 100 }),
  },
  {
    name: 'workflowhistory',
    method: 'GET',
    url: (i) => `${EM}/${i.moduleId}/workflowhistory?recordId=${i.rec1}`,
    check: nonEmpty,
  },
  {
    name: 'workflowhistory of a decided record',
    method: 'GET',
    url: (i) => `${EM}/${i.moduleId}/workflowhistory?recordId=${i.rec2}`,
    check: nonEmpty,
  },
  { name: 'comments', method: 'GET', url: (i) => `${EM}/${i.rec1}/comments` },
];

/**
 * Cases that leak today, found by this file (route, caller, what leaked). They stay in CASES / HIDDEN and are left
 * out of the run only so the suite is green until the product is fixed; delete an entry once its route is fixed.
 */
export const KNOWN_LEAKS: { table: 'matrix' | 'hidden'; caller: Caller; route: string; leak: string }[] = [];

const CALLERS: Caller[] = ['uma', 'bAdmin@B', 'bob@B', 'bAdmin@A', 'bob@A'];
const known = (table: 'matrix' | 'hidden', c: Caller, n: string) =>
  KNOWN_LEAKS.some((k) => k.table === table && k.caller === c && k.route === n);
const MATRIX = [
  ...CALLERS.flatMap((c) => CASES.filter((k) => !k.skipFor?.includes(c)).map((k) => [c, k.name, k] as const)),
  ...(['sam', 'mia'] as const).flatMap((c) =>
    CASES.filter((k) => k.also?.includes(c)).map((k) => [c, k.name, k] as const),
  ),
].filter(([c, n]) => !known('matrix', c, n));

describe('the known leaks list', () => {
  it('names only cases that exist, so a renamed case cannot hide a leak', () => {
    for (const k of KNOWN_LEAKS) {
      const table = k.table === 'hidden' ? HIDDEN : CASES;
      const c = table.find((x) => x.name === k.route);
      expect(c, `${k.table}: ${k.route}`).toBeDefined();
      if (k.table === 'matrix' && !CALLERS.includes(k.caller)) expect(c!.also).toContain(k.caller);
    }
  });
});

describe.each(await testDialects())('access matrix on %s', (dialect) => {
  let t: TestApp;
  let tdb: TenantDb;
  const tok: Record<string, string> = {};
  const ids = {} as Ids;
  const uid: Record<string, string> = {};

  const req = (method: 'GET' | 'POST', url: string, token: string, host: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token, host),
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const asA = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
    req(method, url, tok[who]!, A, body);
  const ok = async (p: ReturnType<typeof asA>) => {
    const r = await p;
    expect(r.json(), `${r.statusCode} ${r.body}`).toMatchObject({ success: true });
    return r.json().data;
  };

  /** What must not change: records, tasks, comments, files, schedules of tenant A. */
  async function snapshot() {
    const rows = async (table: 'records' | 'tasks' | 'record_comments' | 'files' | 'schedules', cols: string[]) =>
      JSON.stringify(
        await tdb
          .selectFrom(table)
          .select(cols as never[])
          .orderBy((table === 'files' ? 'key' : 'id') as never)
          .execute(),
      );
    return {
      records: await rows('records', ['id', 'version', 'data', 'is_draft', 'workflow_status', 'created_by']),
      tasks: await rows('tasks', ['id', 'status', 'version', 'assignee_id', 'outcome']),
      comments: await rows('record_comments', ['id', 'message']),
      files: await rows('files', ['key', 'owner_id']),
      schedules: await rows('schedules', ['id', 'status', 'name', 'cron', 'owner_id']),
    };
  }

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const { tenantId } = await t.addTenant('acme', PW);
    const b = await t.addTenant('bravo', PW);
    tdb = new TenantDb(tenantId, t.db.forTenant(tenantId));
    const tdbB = new TenantDb(b.tenantId, t.db.forTenant(b.tenantId));
    for (const u of ['sam', 'mia', 'fin', 'uma'])
      uid[u] = await insertUser(tdb, { username: u, email: `${u}@acme.test`, fullname: `${u} A`, password: PW });
    await insertUser(tdbB, { username: 'bob', email: 'bob@bravo.test', fullname: 'Bob B', password: PW });
    for (const u of ['admin', 'sam', 'mia', 'fin', 'uma']) tok[u] = await tokenFor(t.app, A, u, PW);
    tok.bAdmin = await tokenFor(t.app, B, 'admin', PW);
    tok.bob = await tokenFor(t.app, B, 'bob', PW);
    ids.mia = uid.mia!;
    ids.uma = uid.uma!;

    const adminId = (
      await tdb.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    const now = new Date().toISOString();
    ids.team = 'team-fin-a';
    await tdb
      .insertInto('teams', { id: ids.team, name: 'Finance', created_by: adminId, created_on: now, modified_on: now })
      .execute();
    await tdb.insertInto('team_members', { team_id: ids.team, user_id: uid.fin!, added_on: now }).execute();

    ids.moduleId = (await ok(asA('admin', 'POST', '/api/form/Editor/CreateProcessFromScratch', { name: 'Claims' }))).id;
    await ok(
      asA('admin', 'POST', `/api/form/Editor/SaveForm?id=${ids.moduleId}`, {
        module: expenseClaim,
        workflow: claimWorkflow({ finance: [], financeTeam: ids.team }),
      }),
    );
    await ok(asA('admin', 'POST', `/api/form/Editor/publish?id=${ids.moduleId}`, {}));

    const data = { title: TITLE, amount: 5000, manager: uid.mia, secret: SECRET };
    ids.rec1 = (await ok(asA('sam', 'POST', `${EM}/submit`, { moduleId: ids.moduleId, data }))).recordId;
    ids.rec2 = (await ok(asA('sam', 'POST', `${EM}/submit`, { moduleId: ids.moduleId, data }))).recordId;
    ids.draft = (
      await ok(asA('sam', 'POST', `${EM}/save`, { moduleId: ids.moduleId, data: { title: DRAFT, secret: SECRET } }))
    ).id;
    const taskOf = async (recordId: string) =>
      (
        await tdb
          .selectFrom('tasks')
          .select('id')
          .where('record_id', '=', recordId)
          .where('status', '=', 'In Progress')
          .executeTakeFirstOrThrow()
      ).id;
    ids.task1 = await taskOf(ids.rec1);
    // rec2 goes on to Finance, a team task for Fin.
    await ok(
      asA('mia', 'POST', `${EM}/approve`, {
        task_id: await taskOf(ids.rec2),
        accepted: true,
        data: { manager_note: 'ok' },
      }),
    );
    ids.task2 = await taskOf(ids.rec2);
    await ok(asA('sam', 'POST', `${EM}/sendComment`, { recordId: ids.rec1, message: COMMENT }));
    const up = await ok(
      asA('sam', 'POST', `${FILES}/UploadBase64`, {
        fileName: 'note.txt',
        base64: Buffer.from('hello A').toString('base64'),
      }),
    );
    ids.fileKey = up.key;
    ids.schedule = (
      await ok(
        asA('sam', 'POST', `${SCH}/save`, {
          moduleId: ids.moduleId,
          name: SCHEDULE,
          cron: '0 9 * * *',
          data: { title: TITLE },
        }),
      )
    ).id;
  });
  afterAll(() => t?.close());

  const markers = () => [
    ids.rec1,
    ids.rec2,
    ids.draft,
    ids.task1,
    ids.task2,
    ids.fileKey,
    ids.schedule,
    TITLE,
    SECRET,
    COMMENT,
    SCHEDULE,
    DRAFT,
  ];

  function call(caller: Caller, k: Case) {
    const [who, at] = caller.split('@') as [string, string | undefined];
    const host = at === 'B' ? B : A;
    const token = tok[who]!;
    if (k.x === 'multipart') {
      const payload = `--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--b--\r\n`;
      return t.app.inject({
        method: 'POST',
        url: k.url(ids),
        headers: { ...bearer(token, host), 'content-type': 'multipart/form-data; boundary=b' },
        payload,
      });
    }
    if (k.x === 'token') {
      return t.app.inject({ method: k.method, url: `${k.url(ids)}&x-token=${token}`, headers: { host } });
    }
    return req(k.method, k.url(ids), token, host, k.body?.(ids));
  }

  it.each(MATRIX)('%s: %s is refused and changes nothing', async (caller, _name, k) => {
    const before = await snapshot();
    const r = await call(caller, k);
    const why = `${caller} ${k.method} ${k.url(ids)} -> ${r.statusCode} ${r.body.slice(0, 400)}`;
    expect(r.statusCode, why).not.toBe(500);
    if (r.statusCode === 200 && k.list) {
      expect(r.json().success, why).toBe(true);
      for (const m of markers()) expect(r.body, `${why} (leaks ${m})`).not.toContain(m);
      k.check?.(r.json().data);
    } else {
      expect([401, 403, 404], why).toContain(r.statusCode);
      expect(r.json(), why).toMatchObject({ success: false, message: expect.any(String) });
      expect(r.json().data, why).toBeUndefined();
      for (const m of markers()) expect(r.body, `${why} (leaks ${m})`).not.toContain(m);
    }
    expect(await snapshot(), why).toEqual(before);
    const own = await asA('sam', 'GET', `${FILES}/GetFile?key=${ids.fileKey}`);
    expect(own.statusCode, why).toBe(200);
    expect(own.body).toBe('hello A');
  });

  it('refuses the approver’s write to a read-only or hidden field and saves nothing', async () => {
    const before = await snapshot();
    const ro = await asA('mia', 'POST', `${EM}/approve`, {
      task_id: ids.task1,
      accepted: true,
      data: { title: 'Changed', manager_note: 'x' },
    });
    expect(ro.statusCode).toBe(422);
    expect(ro.json()).toMatchObject({ success: false, message: 'Field Title cannot be changed at this step' });
    const hidden = await asA('mia', 'POST', `${EM}/approve`, {
      task_id: ids.task1,
      accepted: true,
      data: { secret: 'peek' },
    });
    expect(hidden.statusCode).toBe(422);
    expect(hidden.json()).toMatchObject({ success: false, message: expect.any(String) });
    // Drafts are their creator's: the approver cannot slip the change in through save either.
    const viaSave = await asA('mia', 'POST', `${EM}/save`, {
      moduleId: ids.moduleId,
      recordId: ids.rec1,
      data: { title: 'Changed' },
    });
    expect([403, 404]).toContain(viaSave.statusCode);
    expect(viaSave.json().success).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it.each(HIDDEN.filter((h) => !known('hidden', 'mia', h.name)))(
    'never shows the hidden field to the approver: $name',
    async (h) => {
      const r = await asA('mia', h.method, h.url(ids), h.body?.(ids));
      if (h.oracle && [400, 403].includes(r.statusCode)) return expect(r.json().success).toBe(false);
      expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
      const d = r.json().data as { recordsFiltered?: number };
      if (h.oracle) expect(d.recordsFiltered, `mia finds records by the hidden value: ${h.name}`).toBe(0);
      expect(r.json().success).toBe(true);
      // The answer is about A's records (so the check is not vacuous) and holds no hidden value.
      if (!h.check) expect(r.body).toMatch(new RegExp(`${ids.rec1}|${ids.rec2}`));
      expect(r.body, `mia ${h.method} ${h.url(ids)} leaks the hidden field: ${r.body.slice(0, 600)}`).not.toContain(
        SECRET,
      );
      h.check?.(r.json().data);
    },
  );

  it('stores the hidden value, so the checks above are not vacuous', async () => {
    const r = await tdb.selectFrom('records').select('data').where('id', 'in', [ids.rec1, ids.rec2]).execute();
    expect(r.map((x) => x.data).join()).toContain(SECRET);
    expect(r.length).toBe(2);
  });

  it('opens a file to another user only through a record they may open that shows its key', async () => {
    const upload = async (text: string) =>
      (
        await ok(
          asA('sam', 'POST', `${FILES}/UploadBase64`, {
            fileName: 'proof.txt',
            base64: Buffer.from(text).toString('base64'),
          }),
        )
      ).key as string;
    const shown = await upload('shown to the approver');
    const hidden = await upload('in a hidden field');
    const submit = async (data: Record<string, unknown>) =>
      (await ok(asA('sam', 'POST', `${EM}/submit`, { moduleId: ids.moduleId, data }))).recordId as string;
    // The field holds the key itself (an attachment); text that merely contains a key attaches nothing.
    const withShown = await submit({ title: shown, amount: 10, manager: uid.mia });
    const withHidden = await submit({ title: 'Hidden proof', amount: 10, manager: uid.mia, secret: hidden });
    const get = (who: string, key: string, recordId?: string) =>
      asA(who, 'GET', `${FILES}/GetFile?key=${key}${recordId ? `&recordId=${recordId}` : ''}`);

    expect((await get('mia', shown)).statusCode).toBe(404);
    const via = await get('mia', shown, withShown);
    expect(via.statusCode, via.body).toBe(200);
    expect(via.body).toBe('shown to the approver');
    // Not a record of uma's; not the key this record shows; a key only in a field the approver's step hides.
    expect((await get('uma', shown, withShown)).statusCode).toBe(404);
    expect((await get('mia', hidden, withShown)).statusCode).toBe(404);
    expect((await get('mia', hidden, withHidden)).statusCode).toBe(404);
    expect((await get('sam', hidden)).statusCode).toBe(200);
  });
});
