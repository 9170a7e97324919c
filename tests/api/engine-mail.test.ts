import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailHandler } from '../../src/server/mail/mailer.js';
import { OutboxWorker } from '../../src/server/outbox/worker.js';
import type { TenantDb } from '../../src/server/tenancy/tenant-db.js';
import { bearer } from '../support/auth.js';
import type { TestApp } from '../support/app.js';
import { publishApp, startOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';
import { startSmtp, type ReceivedMail } from '../support/smtp.js';
import { claimWorkflow, expenseClaim } from './engine-fixture.js';

const A = 'acme.localhost';

/** The text of a received mail with quoted-printable encoding undone (soft breaks and =XX escapes). */
const plain = (m: ReceivedMail) =>
  m.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_s, h: string) => String.fromCharCode(parseInt(h, 16)));

describe.each(await testDialects())('engine events mailed over real SMTP on %s', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let tdb: TenantDb;
  const id: Record<string, string> = {};
  const tok: Record<string, string> = {};
  let moduleId = '';

  const post = (url: string, who: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: bearer(tok[who]!, A), payload });

  beforeAll(async () => {
    smtp = await startSmtp();
    const o = await startOffice(
      dialect,
      [
        { username: 'sam', fullname: 'Sam Staff' },
        { username: 'mia', fullname: 'Mia Manager' },
        { username: 'max', fullname: 'Max Manager' },
        { username: 'fin', fullname: 'Fin Finance' },
      ],
      { env: { SMTP_URL: smtp.url }, signIn: ['admin', 'sam'] },
    );
    ({ t, tdb } = o);
    Object.assign(id, o.id);
    Object.assign(tok, o.tok);
    // The manager step assigns Max through the record's manager field and Mia as a named user.
    const workflow = claimWorkflow({ extraManagers: [id.mia!], finance: [id.fin!] });
    moduleId = await publishApp(o, 'Expense claims', expenseClaim, workflow);
    const tpl = await post('/api/form/Editor/updateEmailTemplate', 'admin', {
      moduleId,
      templates: {
        submit: {
          subject: 'Claim {title} needs {assignee_name}',
          body: 'Hello {assignee_name}, {amount} in {app_name}: {task_link}',
        },
      },
    });
    expect(tpl.json().success).toBe(true);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('mails each assignee of a submitted record once, from the module template, through the outbox worker', async () => {
    const sub = await post('/api/EntryModule/submit', 'sam', {
      moduleId,
      data: { title: 'Trip to Lyon', amount: 5000, manager: id.max, secret: 's3' },
    });
    expect(sub.json(), JSON.stringify(sub.json())).toMatchObject({ success: true });
    const recordId = sub.json().data.recordId as string;
    const miaTask = await tdb
      .selectFrom('tasks')
      .select('id')
      .where('record_id', '=', recordId)
      .where('assignee_id', '=', id.mia!)
      .executeTakeFirstOrThrow();

    // The event wrote one mail entry per assignee, in the submit's transaction; nothing is sent before the worker runs.
    const entries = await tdb.selectFrom('outbox').selectAll().where('kind', '=', 'mail').execute();
    expect(entries.map((e) => JSON.parse(e.payload).to).sort()).toEqual(['max@acme.test', 'mia@acme.test']);
    expect(entries.every((e) => e.status === 'pending')).toBe(true);
    expect(smtp.mails).toHaveLength(0);

    // Two workers (as on two nodes) drain at the same time, then once more each: every entry goes out once.
    const second = mailHandler(smtp.url, 'flowforms@acme.test', t.app.log);
    const other = new OutboxWorker(t.db, { mail: second.handler, notification: async () => 'delivered' }, t.app.log);
    try {
      await Promise.all([t.ctx.outbox.drain(), other.drain()]);
      await Promise.all([t.ctx.outbox.drain(), other.drain()]);
    } finally {
      second.close();
    }
    const toMia = await smtp.waitFor((m) => m.to.includes('mia@acme.test'));
    await smtp.waitFor((m) => m.to.includes('max@acme.test'));
    await new Promise((r) => setTimeout(r, 500)); // a duplicate would arrive within this
    expect(smtp.mails.map((m) => m.to).sort()).toEqual([['max@acme.test'], ['mia@acme.test']]);

    const text = plain(toMia);
    expect(text).toMatch(/^Subject: Claim Trip to Lyon needs Mia Manager\r?$/m);
    expect(text).toContain(
      `Hello Mia Manager, 5000 in Expense claims: /task-editor/${moduleId}/${recordId}/${miaTask.id}`,
    );
    const miaEntry = entries.find((e) => JSON.parse(e.payload).to === 'mia@acme.test')!;
    // The entry's key is the Message-ID (the header may be folded onto the next line).
    expect(text.replace(/\r?\n[ \t]+/g, ' ')).toContain(`Message-ID: <${miaEntry.idempotency_key}@outbox>`);
    expect(plain(smtp.mails.find((m) => m.to.includes('max@acme.test'))!)).toContain('Hello Max Manager');

    const after = await tdb.selectFrom('outbox').select(['status', 'attempts']).where('kind', '=', 'mail').execute();
    expect(after).toEqual([
      { status: 'delivered', attempts: 1 },
      { status: 'delivered', attempts: 1 },
    ]);
  });
});
