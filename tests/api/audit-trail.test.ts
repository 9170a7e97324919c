import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openOwnerDatabase } from '../../src/server/db/database.js';
import { sealTenant, settleInbox, verifyTenant } from '../../src/server/audit/chain.js';
import { changeCount } from '../../src/server/db/change-count.js';
import { setRetentionDays } from '../../src/server/audit/service.js';
import { auditMany } from '../../src/server/audit/trail.js';
import type { AuditRow } from '../../src/server/audit/schemas.js';
import { testDialects } from '../support/databases.js';
import { ACME, publishApp, useOffice } from '../support/office.js';
import { signIn } from '../support/auth.js';
import { claimWorkflow, expenseClaim } from './engine-fixture.js';

describe.each(await testDialects())('audit trail on %s', (dialect) => {
  const o = useOffice(dialect, [
    { username: 'sam', fullname: 'Sam Staff' },
    { username: 'mia', fullname: 'Mia Manager' },
  ]);
  const list = async (filters: object = {}) => {
    await o.t.app.auditSealer.sealAll();
    const r = await o.post('admin', '/api/audittrail/datatables', filters);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as { data: AuditRow[]; nextCursor: string | null; recordsTotal: number };
  };
  const owner = () => openOwnerDatabase({ dataDir: o.t.config.dataDir, databaseUrl: o.t.config.databaseUrl });
  const appDb = () => o.t.db.forTenant(o.tdb.tenantId);

  it('records a record edit and an approval with their changes, and sign-ins', async () => {
    const moduleId = await publishApp(o, 'Claims', expenseClaim, claimWorkflow({ finance: [o.id.admin!] }));
    const draft = await o.post('sam', '/api/EntryModule/save', {
      moduleId,
      data: { title: 'Trip', amount: 10, manager: o.id.mia },
    });
    expect(draft.json(), draft.body).toMatchObject({ success: true });
    const { id: recordId, version } = draft.json().data;
    const edit = await o.post('sam', '/api/EntryModule/save', {
      moduleId,
      recordId,
      version,
      data: { title: 'Trip to Paris', amount: 10, manager: o.id.mia },
    });
    expect(edit.json(), edit.body).toMatchObject({ success: true });

    const updates = await list({ action: 'record.update', targetId: recordId });
    expect(updates.data).toHaveLength(1);
    expect(updates.data[0]).toMatchObject({
      actorId: o.id.sam,
      actorName: 'Sam Staff',
      targetType: 'record',
      targetLabel: 'Claims',
      sealed: true,
      details: { changes: { title: { from: 'Trip', to: 'Trip to Paris' } } },
    });
    expect(updates.data[0]!.ip).toBeTruthy();

    const submitted = await o.post('sam', '/api/EntryModule/submit', {
      moduleId,
      recordId,
      version: version + 1,
      data: { title: 'Trip to Paris', amount: 10, manager: o.id.mia },
    });
    expect(submitted.json(), submitted.body).toMatchObject({ success: true });
    const task = await o.tdb
      .selectFrom('tasks')
      .select('id')
      .where('record_id', '=', recordId)
      .where('assignee_id', '=', o.id.mia!)
      .executeTakeFirstOrThrow();
    const approved = await o.post('mia', '/api/EntryModule/approve', {
      task_id: task.id,
      accepted: true,
      description: 'Fine',
      data: { manager_note: 'ok by me' },
    });
    expect(approved.json(), approved.body).toMatchObject({ success: true });
    const approvals = await list({ action: 'workflow.approve' });
    expect(approvals.data[0]).toMatchObject({
      actorId: o.id.mia,
      actorName: 'Mia Manager',
      targetId: recordId,
      details: { step: 'Manager approval', comment: 'Fine', changes: { manager_note: { from: null, to: 'ok by me' } } },
    });

    expect((await signIn(o.t.app, ACME, 'sam', 'wrong-password')).status).toBe(401);
    const failed = await list({ action: 'signin.failed' });
    expect(failed.data[0]).toMatchObject({ actorId: o.id.sam, targetLabel: 'sam' });
    expect((await list({ action: 'signin', actorId: o.id.mia })).data.length).toBeGreaterThan(0);
  });

  it('records role changes and app publishing', async () => {
    const r = await o.t.app.inject({
      method: 'PUT',
      url: `/api/people/users/${o.id.sam}`,
      headers: { host: ACME, authorization: `Bearer ${o.tok.admin}` },
      payload: { isConsultant: true },
    });
    expect(r.json(), r.body).toMatchObject({ success: true });
    const roles = await list({ action: 'user.roles', targetId: o.id.sam });
    expect(roles.data[0]).toMatchObject({
      actorId: o.id.admin,
      targetLabel: 'sam',
      details: { changes: { isConsultant: { from: false, to: true } } },
    });
    expect((await list({ action: 'app.publish' })).data[0]).toMatchObject({ targetType: 'app', targetLabel: 'Claims' });
    const hook = await o.post('admin', '/api/webhook/save', {
      name: 'Ledger',
      url: 'https://example.com/hook',
      events: ['record.created'],
    });
    expect(hook.json(), hook.body).toMatchObject({ success: true });
    const created = await list({ action: 'webhook.create' });
    expect(created.data[0]).toMatchObject({
      targetType: 'webhook',
      targetLabel: 'Ledger',
      details: { changes: { url: { from: null, to: 'https://example.com/hook' } } },
    });
    expect(JSON.stringify(created.data[0]!.details)).not.toContain('whsec_');
  });

  it('keeps the values of password fields out of the trail', async () => {
    const moduleId = await publishApp(o, 'Lockers', {
      display_name: 'Lockers',
      fieldGroups: [
        {
          id: 'g',
          label: 'Locker',
          rows: [
            {
              fields: [
                { name: 'label', label: 'Label', fieldType: 'text' },
                { name: 'pin', label: 'PIN', fieldType: 'password', config: { minLength: 4 } },
              ],
            },
          ],
        },
      ],
    });
    const saved = await o.post('admin', '/api/EntryModule/save', {
      moduleId,
      data: { label: 'L1', pin: 'secret-one' },
    });
    expect(saved.json(), saved.body).toMatchObject({ success: true });
    const { id, version } = saved.json().data;
    await o.post('admin', '/api/EntryModule/save', {
      moduleId,
      recordId: id,
      version,
      data: { label: 'L1', pin: 'secret-two' },
    });
    const del = await o.post('admin', '/api/EntryModule/deletebyId', { id });
    expect(del.json(), del.body).toMatchObject({ success: true });
    const entries = (await list({ targetId: id })).data;
    expect(entries.map((e) => e.action).sort()).toEqual(['record.create', 'record.delete', 'record.update']);
    expect(entries.find((e) => e.action === 'record.update')!.details).toMatchObject({
      changes: { pin: { from: '••••••', to: '••••••' } },
    });
    expect(entries.find((e) => e.action === 'record.delete')!.details).toMatchObject({
      changes: { label: { from: 'L1', to: null }, pin: { from: '••••••', to: null } },
    });
    await settleInbox(o.tdb);
    const stored = await o.tdb.selectFrom('audit_events').select('details').where('target_id', '=', id).execute();
    expect(JSON.stringify(stored)).not.toContain('secret-');
  });

  it('pages by cursor, searches, and exports CSV with formula cells defused', async () => {
    const first = await list({ length: 2 });
    expect(first.data).toHaveLength(2);
    const second = await list({ length: 2, cursor: first.nextCursor });
    expect(Number(second.data[0]!.id)).toBeLessThan(Number(first.data[1]!.id));
    expect((await list({ search: 'paris' })).data.some((r) => r.action === 'record.update')).toBe(true);
    // A name typed at sign-in lands in the export: a spreadsheet must not run it as a formula.
    expect((await signIn(o.t.app, ACME, '=HYPERLINK("x")', 'wrong-password')).status).toBe(401);
    const csv = await o.get('admin', '/api/audittrail/export?action=signin.failed');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,at,actor,actor id,action,target type,target id,target,details,ip,user agent');
    expect(lines).toHaveLength(3);
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.body).not.toMatch(/(^|,)"?[=+@-]/m);
    // Retention hides what is older than the window from the list (nothing is deleted).
    await setRetentionDays(o.tdb, 0);
    expect((await list()).data).toHaveLength(0);
    await setRetentionDays(o.tdb, 365);
  });

  it('pages filters by keyset cursor: every entry once, newest first, entries of one instant included', async () => {
    // 30 entries written at one instant (a bulk job's): the cursor must tell them apart by id.
    await auditMany(
      o.tdb,
      Array.from({ length: 30 }, (_, i) => ({
        action: 'bench.same',
        actorId: o.id.mia,
        actorName: 'Mia Manager',
        targetType: 'record',
        targetId: `r${i}`,
        details: { n: i, tag: i % 3 ? 'plain' : 'needle' },
      })),
    );
    await auditMany(o.tdb, [{ action: 'bench.same', actorId: o.id.sam, actorName: 'Sam Staff' }]);
    const walk = async (filters: object) => {
      const ids: number[] = [];
      let cursor: string | null = null;
      do {
        const page = await list({ ...filters, length: 7, cursor });
        ids.push(...page.data.map((r) => Number(r.id)));
        cursor = page.nextCursor;
      } while (cursor);
      return ids;
    };
    const mia = await walk({ action: 'bench.same', actorId: o.id.mia, from: '2000-01-01', to: '2999-12-31' });
    expect(mia).toHaveLength(30);
    expect(new Set(mia).size).toBe(30);
    expect(mia).toEqual([...mia].sort((a, b) => b - a));
    const needles = await walk({ action: 'bench.same', search: 'NEEDLE' });
    expect(needles).toEqual(mia.filter((_, k) => (29 - k) % 3 === 0));
    expect(await walk({ action: 'bench.same', to: '2000-01-01' })).toEqual([]);
    // Filters no one index serves together are checked on a window of the walk: the same entries, in the same order.
    expect(await walk({ action: 'bench.same', actorId: o.id.mia, targetType: 'record' })).toEqual(mia);
    expect(await walk({ actorId: o.id.mia, targetType: 'record', action: 'bench.same', search: 'needle' })).toEqual(
      needles,
    );
    expect(await walk({ targetType: 'record', targetId: 'r4', action: 'bench.same' })).toEqual([mia[25]]);
    expect(await walk({ targetType: 'record', targetId: 'r4', actorId: o.id.sam })).toEqual([]);
    expect(await walk({ action: 'bench.same', actorId: o.id.sam, targetType: 'record' })).toEqual([]);
  });

  it('seals a batch in one go and two sealers racing leave one unbroken chain', async () => {
    await auditMany(
      o.tdb,
      Array.from({ length: 1200 }, (_, i) => ({ action: 'bench.entry', targetId: `e${i}`, details: { i } })),
    );
    // Either sealer may lose a batch to the other (it rolls back); what is left is sealed by the next pass.
    await Promise.all([sealTenant(o.tdb), sealTenant(o.tdb)].map((p) => p.catch(() => 0)));
    await sealTenant(o.tdb);
    const r = await verifyTenant(o.tdb);
    expect(r).toMatchObject({ ok: true, unsealed: 0 });
    expect(r.checked).toBeGreaterThanOrEqual(1200);
  });

  it('seals without moving the change count, so the answers the server reuses are kept', async () => {
    await o.t.app.auditSealer.sealAll();
    const idle = changeCount();
    expect(await o.t.app.auditSealer.sealAll()).toBe(0);
    expect(changeCount()).toBe(idle);
    // An entry written moves it (its transaction wrote a row); sealing that entry afterwards does not.
    await auditMany(o.tdb, [{ action: 'bench.counted' }]);
    const shown = async () =>
      (await o.post('admin', '/api/audittrail/datatables', { action: 'bench.counted' })).json().data.data as AuditRow[];
    // Listing moves the inbox into the trail, sealed (migration 0134).
    expect((await shown()).map((r) => r.sealed)).toEqual([true]);
    const written = changeCount();
    expect(written).toBeGreaterThan(idle);
    expect(await o.t.app.auditSealer.sealAll()).toBe(0);
    expect(changeCount()).toBe(written);
    expect((await shown()).map((r) => r.sealed)).toEqual([true]);
    expect(await verifyTenant(o.tdb)).toMatchObject({ ok: true, unsealed: 0 });
  });

  it('refuses UPDATE and DELETE of an entry and of its link in the database itself', async () => {
    await o.t.app.auditSealer.sealAll();
    const own = owner();
    try {
      for (const db of [appDb(), own]) {
        await expect(sql`update audit_events set action = 'x'`.execute(db)).rejects.toThrow();
        await expect(sql`delete from audit_events`.execute(db)).rejects.toThrow();
        await expect(sql`update audit_seals set hash = 'x'`.execute(db)).rejects.toThrow();
        await expect(sql`delete from audit_seals`.execute(db)).rejects.toThrow();
      }
      if (dialect === 'postgres')
        for (const table of ['audit_events', 'audit_seals'])
          await expect(sql`truncate ${sql.table(table)}`.execute(own)).rejects.toThrow();
    } finally {
      await own.destroy();
    }
    expect((await verifyTenant(o.tdb)).ok).toBe(true);
  });

  it('refuses to let an entry leave the inbox before the trail holds it, or to change it there', async () => {
    await auditMany(o.tdb, [{ action: 'bench.kept', targetId: 'kept' }]);
    await expect(sql`delete from audit_inbox`.execute(appDb())).rejects.toThrow(/only once the trail holds it/);
    await expect(sql`update audit_inbox set action = 'x'`.execute(appDb())).rejects.toThrow(/never changed/);
    expect((await verifyTenant(o.tdb)).unsealed).toBeGreaterThan(0);
    await o.t.app.auditSealer.sealAll();
    expect(await verifyTenant(o.tdb)).toMatchObject({ ok: true, unsealed: 0 });
    const kept = await o.tdb
      .selectFrom('audit_events')
      .select('target_id')
      .where('action', '=', 'bench.kept')
      .execute();
    expect(kept).toEqual([{ target_id: 'kept' }]);
  });

  it('seals entries written in bulk, in batches, each linked to its own content', async () => {
    const many = Array.from({ length: 1100 }, (_, i) => ({ action: 'bench.bulk', targetId: `b${i}` }));
    await auditMany(o.tdb, many);
    expect(await o.t.app.auditSealer.sealAll()).toBeGreaterThanOrEqual(1100);
    expect(await verifyTenant(o.tdb)).toMatchObject({ ok: true, unsealed: 0 });
    const stored = await o.tdb
      .selectFrom('audit_events')
      .select('target_id')
      .where('action', '=', 'bench.bulk')
      .orderBy('id')
      .execute();
    expect(stored.map((r) => r.target_id)).toEqual(many.map((m) => m.targetId));
  });

  it('reports an entry written around the inbox, and seals it once queued', async () => {
    await sql`insert into audit_events (tenant_id, at, action, target_id)
      values (${o.tdb.tenantId}, ${new Date().toISOString()}, 'bench.around', 'x')`.execute(appDb());
    const entry = await o.tdb
      .selectFrom('audit_events')
      .select('id')
      .where('action', '=', 'bench.around')
      .executeTakeFirstOrThrow();
    await o.t.app.auditSealer.sealAll();
    const r = await verifyTenant(o.tdb);
    expect(r.ok).toBe(false);
    expect(r.broken).toMatchObject({ id: String(entry.id), reason: expect.stringMatching(/neither/) });
    // Queued (the queue of entries written before the inbox), it is sealed and the chain holds.
    await o.tdb.insertInto('audit_pending', { entry_id: entry.id }).execute();
    await o.t.app.auditSealer.sealAll();
    expect(await verifyTenant(o.tdb)).toMatchObject({ ok: true, unsealed: 0 });
  });

  it('reports a tampered entry as the first broken link', async () => {
    await o.t.app.auditSealer.sealAll();
    const before = await verifyTenant(o.tdb);
    expect(before).toMatchObject({ ok: true, unsealed: 0 });
    expect(before.checked).toBeGreaterThan(3);
    const victim = await o.tdb
      .selectFrom('audit_events')
      .innerJoin('audit_seals', 'audit_seals.entry_id', 'audit_events.id')
      .select(['audit_events.id', 'audit_seals.seal_seq'])
      .where('action', '=', 'record.update')
      .executeTakeFirstOrThrow();
    const own = owner();
    try {
      // Someone with the owner's rights removes the guard and rewrites history.
      const trigger = dialect === 'postgres' ? 'audit_events_append_only on audit_events' : 'audit_events_no_update';
      await sql.raw(`drop trigger ${trigger}`).execute(own);
      await sql`update audit_events set details = '{"changes":{}}' where id = ${victim.id}`.execute(own);
    } finally {
      await own.destroy();
    }
    const after = await verifyTenant(o.tdb);
    expect(after.ok).toBe(false);
    expect(after.broken).toMatchObject({ id: String(victim.id), sealSeq: Number(victim.seal_seq) });
  });
});
