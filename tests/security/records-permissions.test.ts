import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/auth.js';
import { publishApp, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';
import { claimWorkflow, expenseClaim } from '../api/engine-fixture.js';

/**
 * Hardening: an app's permission rules (who may create, view and edit its records) hold on every records route,
 * not only on the lists. Sam may create, view and edit; Cal may only create; Vic may only view; Mia approves
 * Sam's claim but is on no list; Uma is on no list and has nothing to do with the records.
 */
const A = 'acme.localhost';
const E = '/api/EntryModule';
const CREATE = 'You do not have permission to create records of this app.';
const EDIT = 'You do not have permission to edit records of this app.';
const VIEW = 'You do not have permission to view records of this app.';

describe.each(await testDialects())('record permissions on %s', (dialect) => {
  const members = ['sam', 'cal', 'vic', 'mia', 'uma'].map((u) => ({ username: u, fullname: `${u} person` }));
  const o = useOffice(dialect, members);
  const { id, tok } = o;
  let moduleId = '';
  let claim = '';
  let draft = '';

  const post = (who: string, url: string, payload: object = {}) =>
    o.t.app.inject({ method: 'POST', url, headers: bearer(tok[who]!, A), payload });
  const get = (who: string, url: string) => o.t.app.inject({ url, headers: bearer(tok[who]!, A) });
  /** Every record of the app as stored, to show a refused call changed nothing. */
  const stored = () =>
    o.tdb
      .selectFrom('records')
      .select(['id', 'version', 'data', 'is_draft'])
      .where('module_id', '=', moduleId)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    moduleId = await publishApp(o, 'Expense claims', expenseClaim, claimWorkflow({ finance: [id.vic!] }));
    const rules = {
      create: { users: [id.sam, id.cal] },
      view: { users: [id.sam, id.vic] },
      edit: { users: [id.sam] },
    };
    await o.tdb
      .updateTable('modules')
      .set({ permission: JSON.stringify({ rules }) })
      .where('id', '=', moduleId)
      .execute();
    const submitted = await post('sam', `${E}/submit`, {
      moduleId,
      data: { title: 'Taxi', amount: 20, manager: id.mia },
    });
    expect(submitted.json(), submitted.body).toMatchObject({ success: true });
    claim = submitted.json().data.recordId;
    const d = await post('sam', `${E}/save`, { moduleId, data: { title: 'Sam draft' } });
    expect(d.json(), d.body).toMatchObject({ success: true });
    draft = d.json().data.id;
    expect((await post('sam', `${E}/sendComment`, { recordId: claim, message: 'first' })).json().success).toBe(true);
  });

  it('refuses to create a record for anyone the create rule does not list, and stores nothing', async () => {
    const before = await stored();
    for (const who of ['uma', 'vic', 'mia']) {
      const r = await post(who, `${E}/save`, { moduleId, data: { title: `by ${who}` } });
      expect(r.statusCode, `${who}: ${r.body}`).toBe(403);
      expect(r.json()).toEqual({ success: false, message: CREATE });
    }
    expect(await stored()).toEqual(before);
    // Listed users and administrators may.
    for (const who of ['cal', 'admin']) {
      const r = await post(who, `${E}/save`, { moduleId, data: { title: `by ${who}` } });
      expect(r.statusCode, `${who}: ${r.body}`).toBe(200);
    }
    expect((await stored()).length).toBe(before.length + 2);
  });

  it('refuses to create through submit as well, and stores nothing', async () => {
    const before = await stored();
    const r = await post('uma', `${E}/submit`, { moduleId, data: { title: 'sneaky', amount: 5, manager: id.mia } });
    expect(r.statusCode, r.body).toBe(403);
    expect(r.json()).toEqual({ success: false, message: CREATE });
    expect(await stored()).toEqual(before);
  });

  it("updates a draft only with the app's edit permission, and leaves it as it was otherwise", async () => {
    const own = (await post('cal', `${E}/save`, { moduleId, data: { title: 'Cal draft' } })).json().data;
    const before = await stored();
    const r = await post('cal', `${E}/save`, {
      moduleId,
      recordId: own.id,
      version: own.version,
      data: { title: 'x' },
    });
    expect(r.statusCode, r.body).toBe(403);
    expect(r.json()).toEqual({ success: false, message: EDIT });
    expect(await stored()).toEqual(before);
    const ok = await post('sam', `${E}/save`, {
      moduleId,
      recordId: draft,
      version: 1,
      data: { title: 'Sam draft 2' },
    });
    expect(ok.json(), ok.body).toMatchObject({ success: true, data: { version: 2 } });
    // Someone else's draft is not found, whatever the rules say.
    const other = await post('vic', `${E}/save`, { moduleId, recordId: draft, version: 2, data: { title: 'x' } });
    expect(other.statusCode).toBe(404);
  });

  it("sends the app's form only to users who may create or view its records", async () => {
    for (const who of ['uma', 'mia']) {
      const r = await get(who, `${E}/form/${moduleId}`);
      expect(r.statusCode, `${who}: ${r.body}`).toBe(403);
      expect(r.json()).toEqual({ success: false, message: 'You do not have permission to open this app.' });
    }
    for (const who of ['sam', 'cal', 'vic', 'admin']) {
      const r = await get(who, `${E}/form/${moduleId}`);
      expect(r.statusCode, `${who}: ${r.body}`).toBe(200);
      expect(r.json().data).toMatchObject({ id: moduleId, module_version: 1, access: { title: 'editable' } });
      expect(JSON.stringify(r.json().data.definition)).toContain('manager_note');
    }
    expect((await get('uma', `${E}/form/no-such-app`)).statusCode).toBe(404);
  });

  it('keeps every way to a record behind the same checks for someone with no part in it', async () => {
    const before = await stored();
    const refused: [string, Promise<{ statusCode: number; body: string }>, number][] = [
      ['detail', get('uma', `${E}/${claim}/detail`), 404],
      ['draft detail', get('uma', `${E}/${draft}/detail`), 404],
      ['comments', get('uma', `${E}/${claim}/comments`), 404],
      ['loadcomment', get('uma', `${E}/loadcomment?recordId=${claim}`), 404],
      ['sendComment', post('uma', `${E}/sendComment`, { recordId: claim, message: 'hi' }), 404],
      ['history', get('uma', `${E}/${moduleId}/workflowhistory?recordId=${claim}`), 404],
      ['delete', post('uma', `${E}/deletebyId`, { id: draft }), 404],
      ['bulk delete', post('uma', `${E}/deletebyIds`, { ids: [draft, claim] }), 404],
      ['list', post('uma', `${E}/datatables`, { moduleId }), 403],
      ['drafts', post('uma', `${E}/draftdatatables`, { moduleId }), 403],
      ['summary', get('uma', `${E}/summary/${moduleId}`), 403],
    ];
    for (const [name, call, status] of refused) {
      const r = await call;
      expect(r.statusCode, `${name}: ${r.body}`).toBe(status);
      expect(JSON.parse(r.body).success, name).toBe(false);
      for (const secret of ['Taxi', 'Sam draft', 'first']) expect(r.body, name).not.toContain(secret);
    }
    expect((await post('uma', `${E}/datatables`, { moduleId })).json().message).toBe(VIEW);
    expect(await stored()).toEqual(before);
  });

  it("lets the approver open the record she acts on, but not the app's lists nor a delete", async () => {
    const before = await stored();
    expect((await get('mia', `${E}/${claim}/detail`)).json().data).toMatchObject({
      id: claim,
      actions: ['approve', 'reject', 'reassign', 'goback'],
    });
    expect((await get('mia', `${E}/${claim}/comments`)).json().data.comments).toHaveLength(1);
    expect((await post('mia', `${E}/datatables`, { moduleId })).json()).toEqual({ success: false, message: VIEW });
    expect((await get('mia', `${E}/summary/${moduleId}`)).statusCode).toBe(403);
    const del = await post('mia', `${E}/deletebyId`, { id: claim });
    expect(del.statusCode).toBe(403);
    expect(del.json().success).toBe(false);
    expect(await stored()).toEqual(before);
  });

  it('opens the list to a viewer without opening other people’s records', async () => {
    const list = await post('vic', `${E}/datatables`, { moduleId });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({ data: [], recordsTotal: 0 });
    expect((await get('vic', `${E}/summary/${moduleId}`)).json().data).toMatchObject({ total: 0, drafts: 0 });
    expect((await get('vic', `${E}/${claim}/detail`)).statusCode).toBe(404);
    expect((await post('vic', `${E}/deletebyId`, { id: draft })).statusCode).toBe(404);
    // Sam, on every list, sees and deletes his own draft.
    expect(
      (await post('sam', `${E}/draftdatatables`, { moduleId })).json().data.data.map((r: { id: string }) => r.id),
    ).toEqual([draft]);
    expect((await post('sam', `${E}/deletebyId`, { id: draft })).json()).toMatchObject({
      success: true,
      data: { ids: [draft] },
    });
  });

  it('counts outcomes only over records the caller may see, and takes hostile filter values as plain values', async () => {
    expect((await get('uma', `${E}/summary/${moduleId}`)).json()).toEqual({ success: false, message: VIEW });
    const vic = (await get('vic', `${E}/summary/${moduleId}`)).json().data;
    expect(vic.byOutcome).toEqual({ Approved: 0, Rejected: 0, Withdrawn: 0 });
    const before = await stored();
    for (const value of ["Rejected' or '1'='1", "x'); delete from records; --", 'Approved\\']) {
      const r = await post('sam', `${E}/datatables`, {
        moduleId,
        filters: [{ field: 'process_outcome', operator: 'eq', value }],
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data.data).toEqual([]);
    }
    expect(await stored()).toEqual(before);
  });

  it('filters a field by equality exactly, only over visible records, and lists stored text as it was stored', async () => {
    // Rows reach the answer as JSON written elsewhere (a reader thread): text that looks like JSON or a marker stays text.
    const title = 'Taxi "]},{"id":"forged"} \u0001 </script> \\';
    const submitted = await post('sam', `${E}/submit`, { moduleId, data: { title, amount: 5, manager: id.mia } });
    expect(submitted.json(), submitted.body).toMatchObject({ success: true });
    const mine = submitted.json().data.recordId as string;
    const list = async (who: string, filter: object) => {
      const r = await post(who, `${E}/datatables`, { moduleId, filters: [filter] });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data.data as { id: string; data: { title: string } }[];
    };
    const eq = await list('sam', { field: 'title', operator: 'eq', value: title });
    expect(eq.map((r) => [r.id, r.data.title])).toEqual([[mine, title]]);
    expect(await list('sam', { field: 'title', operator: 'isin', value: [title, 'Taxi'] })).toHaveLength(2);
    expect(await list('sam', { field: 'title', operator: 'eq', value: "Taxi' or '1'='1" })).toEqual([]);
    expect(await list('sam', { field: 'title', operator: 'eq', value: 'taxi' })).toEqual([]);
    // The viewer who sees none of these records finds none through the filter either.
    expect(await list('vic', { field: 'title', operator: 'eq', value: title })).toEqual([]);
  });

  it("answers many list pages at once, each whole and only the asker's, never another answer's bytes", async () => {
    // A page's answer is written into the buffer its rows came in (http/raw-json.ts): pages asked side by side by
    // people who see different records must never share one.
    const asks = (['sam', 'vic'] as const).flatMap((who) =>
      [10, 20, 25, 50, 100].flatMap((length) =>
        (['asc', 'desc'] as const).map((dir) => ({
          who,
          body: { moduleId, length, orders: [{ column: 'title', dir }] },
        })),
      ),
    );
    const alone: string[] = [];
    for (const a of asks) alone.push((await post(a.who, `${E}/datatables`, a.body)).body);
    expect(alone.filter((b) => JSON.parse(b).data.data.length > 0)).toHaveLength(10);
    const together = await Promise.all(asks.map((a) => post(a.who, `${E}/datatables`, a.body)));
    together.forEach((r, i) => {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.body).toBe(alone[i]);
    });
    const ids = (b: string) => JSON.parse(b).data.data.map((r: { id: string }) => r.id) as string[];
    for (let i = 0; i < asks.length; i++)
      if (asks[i]!.who === 'vic') expect(ids(together[i]!.body)).toEqual([]);
      else expect(ids(together[i]!.body)).toContain(claim);
  });

  it('answers pages one after another in memory reused between askers, nothing of an earlier answer left', async () => {
    // A page's rows are written into a slot of memory a reader thread takes again once the answer has left
    // (db/shaped-answer.mjs): an answer in a slot that held a longer one, someone else's, must end where it ends.
    // Blank searches (ignored) of different lengths: each a different request, so none is answered from memory.
    for (let i = 0; i < 300; i++) {
      const who = i % 2 === 0 ? 'sam' : 'vic';
      const body = { moduleId, length: 100, search: ' '.repeat(i % 100), orders: [{ column: 'title', dir: 'asc' }] };
      const r = await post(who, `${E}/datatables`, body);
      expect(r.statusCode, r.body).toBe(200);
      expect(Number(r.headers['content-length'])).toBe(Buffer.byteLength(r.body));
      const ids = (JSON.parse(r.body) as { data: { data: { id: string }[] } }).data.data.map((x) => x.id);
      if (who === 'sam') expect(ids).toContain(claim);
      else {
        expect(ids).toEqual([]);
        expect(r.body).not.toContain(claim);
      }
    }
  });
});
