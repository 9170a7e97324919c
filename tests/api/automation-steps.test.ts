import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { openDatabase, type Database } from '../../src/server/db/database.js';
import { useOffice } from '../support/office.js';
import { seedDrafts, ticketsApp } from './automation-steps-fixtures.js';
import { testDialects } from '../support/databases.js';
import { settleInbox } from '../../src/server/audit/chain.js';

const R = '/api/rpa';
const updateStep = (moduleId: string, status: string, to: Record<string, string>) => ({
  id: 'bulk',
  type: 'update-records',
  config: {
    moduleId,
    filters: [{ field: 'status', operator: 'eq', value: status }],
    values: Object.entries(to).map(([field, value]) => ({ field, value })),
  },
});

describe.each(await testDialects())('automation steps on %s', (dialect) => {
  const o = useOffice(dialect, ['sam']);
  const others: { app: FastifyInstance; db: Database }[] = [];
  let moduleId = '';
  const post = (url: string, body: object, who = 'admin') => o.post(who, url, body);
  const byStatus = async (status: string) =>
    (
      await o.tdb
        .selectFrom('records')
        .select(['id', 'data', 'version', 'created_by'])
        .where('module_id', '=', moduleId)
        .execute()
    )
      .map((r) => ({ ...r, data: JSON.parse(r.data) as Record<string, string>, version: Number(r.version) }))
      .filter((r) => r.data.status === status);
  const saveManual = async (name: string, steps: object[]) => {
    const r = await post(`${R}/save`, { name, active: true, trigger: { kind: 'manual' }, steps });
    expect(r.json(), r.body).toMatchObject({ success: true });
    return r.json().data.id as string;
  };
  const runOf = (id: string) =>
    o.tdb.selectFrom('automation_runs').selectAll().where('automation_id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    moduleId = await ticketsApp(o, 'Tickets');
  });
  afterAll(async () => {
    for (const n of others) {
      await n.app.close();
      await n.db.close();
    }
  });

  it('updates every record that passes the filter, in batches, as the owner; a dry run writes nothing', async () => {
    await seedDrafts(o, moduleId, 2100, o.id.admin!, 'open');
    await seedDrafts(o, moduleId, 30, o.id.admin!, 'closed');
    // Sam's drafts are his alone: the owner (the administrator) may not open them.
    await seedDrafts(o, moduleId, 20, o.id.sam!, 'open');
    const steps = [updateStep(moduleId, 'open', { status: 'done', locked: 'by {{run.trigger}}' })];

    const dry = await post(`${R}/execute/test`, { steps });
    expect(dry.json(), dry.body).toMatchObject({ success: true, data: { status: 'Succeeded' } });
    const would = dry.json().data.steps[0].output;
    expect(would).toMatchObject({ wouldUpdate: 2100, values: { status: 'done', locked: 'by test' } });
    expect(would.sample).toHaveLength(5);
    expect(await byStatus('done')).toHaveLength(0);

    const id = await saveManual('Close the open tickets', steps);
    const run = await post(`${R}/execute`, { id });
    expect(run.json(), run.body).toMatchObject({ success: true, data: { status: 'Succeeded' } });
    expect(run.json().data.steps[0].output).toMatchObject({ updated: 2100, refused: 0, batches: 5 });
    const done = await byStatus('done');
    expect(done).toHaveLength(2100);
    expect(done.every((r) => r.version === 2 && r.data.locked === 'by manual' && r.created_by === o.id.admin)).toBe(
      true,
    );
    expect((await byStatus('closed')).every((r) => r.version === 1)).toBe(true);
    const sams = await byStatus('open');
    expect(sams).toHaveLength(20);
    expect(sams.every((r) => r.created_by === o.id.sam && r.version === 1)).toBe(true);
    // Each write is in the audit trail, like a save by the owner.
    await settleInbox(o.tdb);
    const audited = await o.tdb
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', '=', 'record.update')
      .where('actor_id', '=', o.id.admin!)
      .executeTakeFirstOrThrow();
    expect(Number(audited.n)).toBeGreaterThanOrEqual(2100);
  }, 120_000);

  it('refuses fields the step does not let the owner edit, record by record', async () => {
    for (const title of ['Sub one', 'Sub two']) {
      const s = await post(
        '/api/EntryModule/submit',
        { moduleId, data: { title, status: 'review-me', locked: 'x' } },
        'sam',
      );
      expect(s.json(), s.body).toMatchObject({ success: true });
    }
    const locked = await saveManual('Lock', [updateStep(moduleId, 'review-me', { locked: 'changed' })]);
    const r1 = (await post(`${R}/execute`, { id: locked })).json().data;
    expect(r1.steps[0].output).toMatchObject({ updated: 0, refused: 2 });
    expect(r1.steps[0].output.refusedSample[0].reason).toMatch(/Locked/);
    const still = await byStatus('review-me');
    expect(still.map((r) => [r.data.locked, r.version])).toEqual([
      ['x', 2],
      ['x', 2],
    ]);
    const fine = await saveManual('Mark reviewed', [updateStep(moduleId, 'review-me', { status: 'reviewed' })]);
    const r2 = (await post(`${R}/execute`, { id: fine })).json().data;
    expect(r2.steps[0].output).toMatchObject({ updated: 2, refused: 0 });
    expect((await byStatus('reviewed')).map((r) => r.version)).toEqual([3, 3]);
  });

  it('stops between batches when the run is cancelled; what was updated stays updated', async () => {
    await seedDrafts(o, moduleId, 4000, o.id.admin!, 'queued');
    const id = await saveManual('Slow bulk', [updateStep(moduleId, 'queued', { status: 'handled' })]);
    const running = post(`${R}/execute`, { id });
    let runId = '';
    for (let i = 0; i < 2000 && !runId; i++) {
      await new Promise((r) => setTimeout(r, 10));
      const r = await o.tdb
        .selectFrom('automation_runs')
        .selectAll()
        .where('automation_id', '=', id)
        .executeTakeFirst();
      if (r && (JSON.parse(r.steps) as { status: string }[]).some((s) => s.status === 'Running')) runId = r.id;
    }
    expect(runId).not.toBe('');
    const cancelled = await post(`${R}/cancel/${runId}`, {});
    expect(cancelled.json(), cancelled.body).toMatchObject({ success: true, data: { status: 'Cancelled' } });
    const end = (await running).json().data;
    expect(end.status).toBe('Cancelled');
    expect(end.error).toMatch(/^Cancelled by Administrator\. .*records already updated stay updated\.$/);
    const out = end.steps[0].output as { updated: number; batches: number; cancelled: boolean };
    expect(out.cancelled).toBe(true);
    // Whole batches only (each one transaction), and not all of them.
    expect(out.updated).toBeGreaterThan(0);
    expect(out.updated).toBeLessThan(4000);
    expect(await byStatus('handled')).toHaveLength(out.updated);
    expect(await byStatus('queued')).toHaveLength(4000 - out.updated);
    const again = await post(`${R}/cancel/${runId}`, {});
    expect(again.json()).toMatchObject({ success: false, message: 'This run has finished already.' });
  }, 120_000);

  it('waits without holding a worker, goes on when due, also on a node started afterwards', async () => {
    const make = {
      id: 'make',
      type: 'create-record',
      config: { moduleId, values: [{ field: 'title', value: 'After the wait' }], submit: false },
    };
    const steps = [{ id: 'pause', type: 'wait', config: { mode: 'for', amount: 1, unit: 'minutes', until: '' } }, make];
    const dry = (await post(`${R}/execute/test`, { steps })).json().data;
    expect(dry.steps[0].output.wouldWait).toBe('1 minutes');
    const id = await saveManual('Wait then make', steps);
    const t0 = Date.now();
    const first = (await post(`${R}/execute`, { id })).json().data;
    expect(first).toMatchObject({ status: 'Waiting', steps: [{ id: 'pause', status: 'Succeeded' }] });
    const made = () =>
      o.tdb
        .selectFrom('records')
        .select('data')
        .where('module_id', '=', moduleId)
        .where('data', 'like', '%After the wait%')
        .execute();
    expect(await made()).toHaveLength(0);
    expect(await o.t.app.automations.tick(new Date(t0 + 30_000))).toBe(0);
    expect(await o.t.app.automations.tick(new Date(t0 + 62_000))).toBe(1);
    expect(await runOf(id)).toMatchObject({ status: 'Succeeded' });
    expect(await made()).toHaveLength(1);

    // A restart: the run waits in the database, and a node that was not there when it started goes on with it.
    await o.tdb.deleteFrom('automation_runs').where('automation_id', '=', id).execute();
    const t1 = Date.now();
    expect((await post(`${R}/execute`, { id })).json().data.status).toBe('Waiting');
    const db = openDatabase(o.t.config);
    const { app } = await buildApp({ config: o.t.config, db, logger: false });
    others.push({ app, db });
    expect(await app.automations.tick(new Date(t1 + 62_000))).toBe(1);
    expect(await o.t.app.automations.tick(new Date(t1 + 63_000))).toBe(0);
    expect(await made()).toHaveLength(2);

    // A waiting run that is cancelled never goes on.
    await o.tdb.deleteFrom('automation_runs').where('automation_id', '=', id).execute();
    const waiting = (await post(`${R}/execute`, { id })).json().data;
    const c = await post(`${R}/cancel/${waiting.id}`, {});
    expect(c.json(), c.body).toMatchObject({ success: true, data: { status: 'Cancelled' } });
    expect(await o.t.app.automations.tick(new Date(Date.now() + 120_000))).toBe(0);
    expect(await made()).toHaveLength(2);
  });

  it('starts the workflow of the record an earlier step made, then approves its task at a named step', async () => {
    const steps = [
      {
        id: 'make',
        type: 'create-record',
        config: { moduleId, values: [{ field: 'title', value: 'Robot ticket' }], submit: false },
      },
      {
        id: 'start',
        type: 'workflow',
        config: { action: 'start', recordId: '{{make.recordId}}', step: '', comment: '' },
      },
      {
        id: 'ok',
        type: 'workflow',
        config: { action: 'approve', recordId: '{{make.recordId}}', step: 'Review', comment: 'Fine' },
      },
    ];
    const id = await saveManual('Make, start and approve', steps);
    const run = (await post(`${R}/execute`, { id })).json().data;
    expect(run.status, JSON.stringify(run)).toBe('Succeeded');
    expect(run.steps[2].output).toMatchObject({ step: 'Review', outcome: 'Approved' });
    const rec = await o.tdb
      .selectFrom('records')
      .selectAll()
      .where('id', '=', run.steps[0].output.recordId)
      .executeTakeFirstOrThrow();
    expect(rec).toMatchObject({ is_draft: 0 });
    expect(rec.workflow_completed_on).not.toBeNull();

    // A dry run checks and says what it would do; the draft stays a draft.
    const draft = (await post(`${R}/execute`, { id: await saveManual('Just make', [steps[0]!]) })).json().data;
    const draftId = draft.steps[0].output.recordId as string;
    const dry = (
      await post(`${R}/execute/test`, { steps: [{ ...steps[1], config: { ...steps[1]!.config, recordId: draftId } }] })
    ).json().data;
    expect(dry.steps[0].output).toEqual({ wouldStart: draftId });
    expect(
      await o.tdb.selectFrom('records').select('is_draft').where('id', '=', draftId).executeTakeFirstOrThrow(),
    ).toEqual({ is_draft: 1 });
  });
});
