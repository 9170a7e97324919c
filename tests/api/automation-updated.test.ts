import { beforeAll, describe, expect, it } from 'vitest';
import { useOffice } from '../support/office.js';
import { ticketsApp } from './automation-steps-fixtures.js';
import { testDialects } from '../support/databases.js';

const R = '/api/rpa';

/** An update-records step on the record that started the run (found by its title), setting the given values. */
const onTheRecord = (moduleId: string, values: Record<string, string>) => ({
  id: 'touch',
  type: 'update-records',
  config: {
    moduleId,
    filters: [{ field: 'title', operator: 'eq', value: '{{run.record.fields.title}}' }],
    values: Object.entries(values).map(([field, value]) => ({ field, value })),
  },
});

describe.each(await testDialects())('the record updated trigger on %s', (dialect) => {
  const o = useOffice(dialect, ['sam']);
  let moduleId = '';
  const post = (url: string, body: object) => o.post('admin', url, body);
  const save = async (name: string, trigger: object, steps: object[]) => {
    const r = await post(`${R}/save`, { name, active: true, trigger, steps });
    expect(r.json(), r.body).toMatchObject({ success: true });
    return r.json().data.id as string;
  };
  const runsOf = (id: string) =>
    o.tdb.selectFrom('automation_runs').selectAll().where('automation_id', '=', id).orderBy('started_on').execute();
  /** Hands out the record events and runs what they queued, round after round, till nothing is left to do. */
  const settle = async () => {
    for (let i = 0, quiet = 0; i < 40 && quiet < 2; i++) {
      await o.t.ctx.outbox.drain();
      await new Promise((r) => setTimeout(r, 100)); // the wake after the hand-out's commit
      await o.t.app.automations.tick(new Date(Date.now() + 1000));
      const [pending, queued] = await Promise.all([
        o.tdb.selectFrom('outbox').select('id').where('kind', '=', 'webhook').where('status', '=', 'pending').execute(),
        o.tdb.selectFrom('automation_events').select('id').execute(),
      ]);
      quiet = pending.length || queued.length ? 0 : quiet + 1;
    }
  };
  const recordOf = async (id: string) => {
    const r = await o.tdb.selectFrom('records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return { data: JSON.parse(r.data) as Record<string, string>, version: Number(r.version) };
  };
  const saveDraft = async (data: object, recordId?: string, version?: number) => {
    const r = await post('/api/EntryModule/save', { moduleId, data, recordId, version });
    expect(r.json(), r.body).toMatchObject({ success: true });
    return r.json().data as { id: string; version: number };
  };

  beforeAll(async () => {
    moduleId = await ticketsApp(o, 'Updated tickets');
  });

  it('checks the fields it narrows to', async () => {
    const wrong = await post(`${R}/save`, {
      name: 'Nowhere',
      active: true,
      trigger: { kind: 'record', moduleId, events: ['record.updated'], fields: ['nope'] },
      steps: [],
    });
    expect(wrong.json()).toMatchObject({ success: false, message: "Trigger: 'nope' is not a field of the app" });
    const notUpdated = await post(`${R}/save`, {
      name: 'Nowhere',
      active: true,
      trigger: { kind: 'record', moduleId, events: ['record.created'], fields: ['status'] },
      steps: [],
    });
    expect(notUpdated.json()).toMatchObject({ success: false });
    expect(notUpdated.statusCode).toBe(400);
  });

  it('runs on a save that changes the named fields, and never loops through its own or a chain of writes', async () => {
    // A: when the status changes, appends "-a" to it (its own write changes the status again).
    const a = await save('Mark status', { kind: 'record', moduleId, events: ['record.updated'], fields: ['status'] }, [
      onTheRecord(moduleId, { status: '{{run.record.fields.status}}-a' }),
    ]);
    // B: on any change, notes it and appends "-b" to the status (which A hears; A's write B hears, and so on).
    const b = await save('Note change', { kind: 'record', moduleId, events: ['record.updated'] }, [
      onTheRecord(moduleId, { locked: 'seen {{run.event}}', status: '{{run.record.fields.status}}-b' }),
    ]);

    const made = await saveDraft({ title: 'Boiler', status: 'new', locked: 'no' });
    await settle();
    // Created, not updated: nobody runs.
    expect(await runsOf(a)).toHaveLength(0);
    expect(await runsOf(b)).toHaveLength(0);

    // The title changes: B runs (A narrows to the status); B's write changes the status, so A runs once on it;
    // A's write was made by the chain B → A, so neither runs again.
    await saveDraft({ title: 'Boiler', status: 'new', locked: 'yes' }, made.id, made.version);
    await settle();
    const after = await recordOf(made.id);
    expect(after.data).toMatchObject({ status: 'new-b-a', locked: 'seen record.updated' });
    expect(after.version).toBe(4);
    expect((await runsOf(a)).map((r) => [r.trigger, r.status])).toEqual([['record', 'Succeeded']]);
    expect((await runsOf(b)).map((r) => [r.trigger, r.status])).toEqual([['record', 'Succeeded']]);
    expect(await o.tdb.selectFrom('automation_events').selectAll().execute()).toEqual([]);

    // A save that changes the status: both hear it, and each may hear the other's write once (A → B, B → A; when
    // both write the record at once, one of the two is refused by its version and makes no event). Never more.
    await saveDraft({ title: 'Boiler', status: 'open', locked: 'yes' }, made.id, after.version);
    await settle();
    const [na, nb] = [(await runsOf(a)).length, (await runsOf(b)).length];
    expect(na).toBeGreaterThanOrEqual(2);
    expect(nb).toBeGreaterThanOrEqual(2);
    expect(na + nb).toBeLessThanOrEqual(6);
    // Still settled: more rounds start nothing.
    await settle();
    expect(await runsOf(a)).toHaveLength(na);
    expect(await runsOf(b)).toHaveLength(nb);

    // An automation run by hand that updates the app starts the listeners, once per record it writes.
    const byHand = await save('Bulk', { kind: 'manual' }, [
      {
        id: 'bulk',
        type: 'update-records',
        config: {
          moduleId,
          filters: [{ field: 'title', operator: 'eq', value: 'Boiler' }],
          values: [{ field: 'locked', value: 'bulk' }],
        },
      },
    ]);
    const ran = await post(`${R}/execute`, { id: byHand });
    expect(ran.json().data.steps[0].output, ran.body).toMatchObject({ updated: 1 });
    await settle();
    // B hears the locked change (A narrows to the status); B's status change then starts A.
    expect(await runsOf(b)).toHaveLength(nb + 1);
    expect(await runsOf(a)).toHaveLength(na + 1);
    const runs = await runsOf(byHand);
    expect(runs.map((r) => r.status)).toEqual(['Succeeded']);
  }, 60_000);

  it('never starts itself again through the records it creates in the app it listens to', async () => {
    const app = await ticketsApp(o, 'Echo tickets');
    const echo = await save('Echo', { kind: 'record', moduleId: app, events: ['record.created', 'record.updated'] }, [
      {
        id: 'make',
        type: 'create-record',
        config: {
          moduleId: app,
          values: [{ field: 'title', value: 'Echo of {{run.record.fields.title}}' }],
          submit: false,
        },
      },
    ]);
    const first = await post('/api/EntryModule/save', { moduleId: app, data: { title: 'Start', status: 'new' } });
    expect(first.json(), first.body).toMatchObject({ success: true });
    await settle();
    await settle();
    const titles = (await o.tdb.selectFrom('records').select('data').where('module_id', '=', app).execute()).map(
      (r) => (JSON.parse(r.data) as { title: string }).title,
    );
    expect(titles.sort()).toEqual(['Echo of Start', 'Start']);
    expect((await runsOf(echo)).map((r) => r.status)).toEqual(['Succeeded']);
    // A later save of the record it made still carries its chain: no run either.
    const rows = await o.tdb
      .selectFrom('records')
      .select(['id', 'version', 'data'])
      .where('module_id', '=', app)
      .execute();
    const made = rows.find((r) => r.data.includes('Echo of Start'))!;
    const resaved = await post('/api/EntryModule/save', {
      moduleId: app,
      recordId: made.id,
      version: Number(made.version),
      data: { title: 'Echo of Start', status: 'changed' },
    });
    expect(resaved.json(), resaved.body).toMatchObject({ success: true });
    await settle();
    expect(await runsOf(echo)).toHaveLength(1);
  }, 60_000);

  it('does not run for the updates of other apps', async () => {
    const other = await ticketsApp(o, 'Other tickets');
    const id = await save('Other app', { kind: 'record', moduleId: other, events: ['record.updated'] }, [
      onTheRecord(other, { locked: 'x' }),
    ]);
    const r = await saveDraft({ title: 'Roof', status: 'new' });
    await saveDraft({ title: 'Roof', status: 'old' }, r.id, r.version);
    await settle();
    expect(await runsOf(id)).toHaveLength(0);
  });
});
