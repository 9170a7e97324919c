import type { FastifyInstance } from 'fastify';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { OPEN } from '../engine/status.js';
import { COST_CENTRES_CSV, DEPARTMENTS, expenseClaimApp, expenseClaimWorkflow } from './expense-claim.js';

const HOST = 'demo.localhost';

interface Answer {
  success: boolean;
  message?: string;
  data?: Record<string, unknown>;
}

/** Calls the API as a signed-in user, as the web app would; a refusal stops the seed with its message. */
async function call(app: FastifyInstance, token: string, method: 'GET' | 'POST', url: string, body?: object) {
  const res = await app.inject({
    method,
    url,
    headers: { host: HOST, authorization: `Bearer ${token}` },
    ...(body ? { payload: body } : {}),
  });
  const answer = res.json() as Answer;
  if (!answer.success) throw new Error(`demo content: ${method} ${url} answered ${answer.message ?? res.statusCode}`);
  return (answer.data ?? {}) as Record<string, unknown>;
}

async function signIn(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/identity/Authentication/authenticateiso',
    headers: { host: HOST, 'content-type': 'application/json' },
    payload: JSON.stringify(JSON.stringify({ username, password })),
  });
  const token = (res.json() as Answer).data?.token;
  if (typeof token !== 'string') throw new Error(`demo content: ${username} could not sign in`);
  return token;
}

/** A dozen claims: what each one is, and how far through the approval it goes. */
type Fate = 'draft' | 'manager' | 'finance' | 'approved' | 'rejected' | 'sentBack';
const CLAIMS: [string, string, string, number, Fate, number?][] = [
  ['Train to the Leeds client', 'sales', 'travel', 84.5, 'manager'],
  ['Team lunch after the release', 'engineering', 'meals', 126.4, 'manager'],
  ['Hotel for the trade fair', 'sales', 'accommodation', 389, 'finance', 3],
  ['Replacement laptop charger', 'engineering', 'equipment', 59.99, 'finance'],
  ['Taxi to the airport', 'operations', 'travel', 42, 'approved'],
  ['Conference hotel, Berlin', 'engineering', 'accommodation', 612, 'approved', 4],
  ['Printer toner', 'finance', 'equipment', 74.2, 'approved'],
  ['Dinner with a prospect', 'sales', 'meals', 210, 'rejected'],
  ['Personal phone upgrade', 'operations', 'equipment', 899, 'rejected'],
  ['Parking at the customer site', 'sales', 'other', 18, 'sentBack'],
  ['Flight to the Dublin office', 'operations', 'travel', 240, 'draft'],
  ['Client gift', 'sales', 'other', 35, 'draft'],
];

export interface DemoPasswords {
  admin: string;
  user: string;
  approver: string;
}

/**
 * Fills the new demo tenant with a working example, through the same API the web app uses: an approver and a
 * Finance team, the Expense Claim app with its two-step approval, a dozen claims in every state, and a schedule.
 * Runs once, right after the demo tenant is created; other tenants never get it.
 */
export async function seedDemoContent(app: FastifyInstance, tdb: TenantDb, pw: DemoPasswords): Promise<void> {
  const admin = await signIn(app, 'admin', pw.admin);
  const adminId = String((await call(app, admin, 'GET', '/api/identity/manageauthenticator/userinfo')).uid);
  const approver = await call(app, admin, 'POST', '/api/people/users', {
    username: 'approver',
    email: 'approver@demo.localhost',
    fullname: 'Alex Approver',
    password: pw.approver,
  });
  const team = await call(app, admin, 'POST', '/api/people/teams', { name: 'Finance' });
  await call(app, admin, 'POST', `/api/people/teams/${String(team.id)}/members`, { userId: adminId });

  const departments = await call(app, admin, 'POST', '/api/form/ListKeyValue/save', {
    key_name: 'departments',
    description: 'Where an expense is booked',
    categories: [],
    values: DEPARTMENTS,
  });
  await call(app, admin, 'POST', '/api/ReferenceData/import', {
    name: 'Cost centres',
    fileName: 'cost-centres.csv',
    content: Buffer.from(COST_CENTRES_CSV).toString('base64'),
    mode: 'append',
  });
  const moduleId = String(
    (await call(app, admin, 'POST', '/api/form/Editor/CreateProcessFromScratch', { name: 'Expense Claim' })).id,
  );
  await call(app, admin, 'POST', `/api/form/Editor/SaveForm?id=${moduleId}`, {
    module: expenseClaimApp(String(departments.id)),
    workflow: expenseClaimWorkflow(String(approver.id), String(team.id)),
  });
  await call(app, admin, 'POST', `/api/form/Editor/publish?id=${moduleId}`);

  const staff = await signIn(app, 'user', pw.user);
  const manager = await signIn(app, 'approver', pw.approver);
  const openTask = async (recordId: string) =>
    (
      await tdb
        .selectFrom('tasks')
        .select('id')
        .where('record_id', '=', recordId)
        .where('status', '=', OPEN)
        .executeTakeFirstOrThrow()
    ).id;
  const approve = async (token: string, recordId: string, description: string, data: object) =>
    call(app, token, 'POST', '/api/EntryModule/approve', {
      task_id: await openTask(recordId),
      accepted: true,
      description,
      data,
    });

  for (const [i, [description, department, category, amount, fate, nights]] of CLAIMS.entries()) {
    const data = {
      employee: 'Demo User',
      department,
      claim_date: `2026-${String(1 + (i % 11)).padStart(2, '0')}-${String(3 + i).padStart(2, '0')}`,
      category,
      description,
      amount,
      ...(nights ? { nights } : {}),
    };
    if (fate === 'draft') {
      await call(app, staff, 'POST', '/api/EntryModule/save', { moduleId, data });
      continue;
    }
    const recordId = String((await call(app, staff, 'POST', '/api/EntryModule/submit', { moduleId, data })).recordId);
    if (fate === 'manager') continue;
    if (fate === 'rejected') {
      await call(app, manager, 'POST', '/api/EntryModule/approve', {
        task_id: await openTask(recordId),
        accepted: false,
        description: 'Not a business expense.',
      });
      continue;
    }
    if (fate === 'sentBack') {
      await call(app, manager, 'POST', '/api/EntryModule/goback', {
        task_id: await openTask(recordId),
        goBackToActivityId: 'start',
        message: 'Please attach the parking receipt.',
      });
      continue;
    }
    await approve(manager, recordId, 'Agreed.', { manager_comment: 'Within the travel policy.' });
    if (fate === 'finance') continue;
    await approve(admin, recordId, 'Paid.', { finance_reference: `FIN-${1000 + i}` });
  }

  await call(app, staff, 'POST', '/api/TaskScheduler/save', {
    moduleId,
    name: 'Monthly phone bill',
    cron: '0 9 1 * *',
    timeZone: 'Etc/UTC',
    data: {
      employee: 'Demo User',
      department: 'sales',
      claim_date: '2026-12-01',
      category: 'other',
      description: 'Mobile phone contract',
      amount: 25,
    },
    submit: false,
  });
}
