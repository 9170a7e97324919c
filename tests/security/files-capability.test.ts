import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/auth.js';
import { publishApp, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';
import { claimWorkflow, expenseClaim } from '../api/engine-fixture.js';

/**
 * Hardening: a file key is not a capability. Anyone but the uploader reaches a file only through the record it was
 * attached to (linked when its uploader saved it there), a record they may open, in a field their step shows.
 * Pasting someone else's key into one's own record links nothing and so opens nothing.
 */
const A = 'acme.localhost';
const B = 'bravo.localhost';
const FILES = '/api/form/AWSS3';
const EM = '/api/EntryModule';

describe.each(await testDialects())('file keys are not capabilities on %s', (dialect) => {
  const o = useOffice(dialect, ['sam', 'mia', 'eve', 'uma'], { bravo: true });
  const { id: uid, tok } = o;
  let moduleId = '';

  const host = (who: string) => (who === 'bravo' ? B : A);
  const post = async (who: string, url: string, payload: object) =>
    o.t.app.inject({ method: 'POST', url, headers: bearer(tok[who]!, host(who)), payload });
  const ok = async (p: ReturnType<typeof post>) => {
    const r = await p;
    expect(r.json(), r.body).toMatchObject({ success: true });
    return r.json().data;
  };
  const upload = async (who: string, text: string): Promise<string> =>
    (
      await ok(
        post(who, `${FILES}/UploadBase64`, { fileName: 'proof.txt', base64: Buffer.from(text).toString('base64') }),
      )
    ).key;
  const download = (who: string, key: string, recordId?: string) =>
    o.t.app.inject({
      url: `${FILES}/GetFile?key=${key}${recordId ? `&recordId=${recordId}` : ''}`,
      headers: bearer(tok[who]!, host(who)),
    });
  const remove = (who: string, key: string, recordId?: string) =>
    o.t.app.inject({
      method: 'POST',
      url: `${FILES}/RemoveFileByKey?key=${key}${recordId ? `&recordId=${recordId}` : ''}`,
      headers: bearer(tok[who]!, host(who)),
    });
  const draft = async (who: string, data: Record<string, unknown>): Promise<string> =>
    (await ok(post(who, `${EM}/save`, { moduleId, data }))).id;
  /** A claim of `who` for Mia to approve (amount under 1000: Mia's step is the only one). */
  const submit = async (who: string, data: Record<string, unknown>): Promise<string> =>
    (await ok(post(who, `${EM}/submit`, { moduleId, data: { amount: 10, manager: uid.mia, ...data } }))).recordId;
  const links = (key: string) =>
    o.tdb.selectFrom('file_links').select(['record_id', 'field', 'linked_by']).where('file_key', '=', key).execute();
  const refused = (r: { statusCode: number; json(): { success: boolean } }) => {
    expect([403, 404]).toContain(r.statusCode);
    expect(r.json().success).toBe(false);
  };

  beforeAll(async () => {
    moduleId = await publishApp(o, 'Claims', expenseClaim, claimWorkflow({ finance: [] }));
  });

  it('lets the uploader fetch an unattached upload, and nobody else', async () => {
    const key = await upload('sam', 'not attached yet');
    const own = await download('sam', key);
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe('not attached yet');
    for (const who of ['mia', 'eve', 'admin']) refused(await download(who, key));
  });

  it('refuses a key pasted into one’s own draft or record: no link, no download, no removal', async () => {
    const key = await upload('sam', 'sam’s receipt');
    const mine = await submit('sam', { title: key });
    expect(await links(key)).toEqual([{ record_id: mine, field: 'title', linked_by: uid.sam }]);
    // Eve pastes Sam's key into a draft and a submitted record of her own; an administrator into a draft.
    const eveDraft = await draft('eve', { title: key });
    const eveRecord = await submit('eve', { title: key });
    const adminDraft = await draft('admin', { title: key, secret: key });
    expect((await links(key)).map((l) => l.record_id)).toEqual([mine]);
    for (const [who, recordId] of [
      ['eve', eveDraft],
      ['eve', eveRecord],
      ['admin', adminDraft],
    ] as const) {
      refused(await download(who, key, recordId));
      refused(await remove(who, key, recordId));
    }
    refused(await download('eve', key));
    refused(await remove('eve', key));
    // The approver of Eve's record sees the pasted text, yet the file stays closed through that record.
    refused(await download('mia', key, eveRecord));
    // Re-saving the pasted draft links nothing either.
    await ok(post('eve', `${EM}/save`, { moduleId, recordId: eveDraft, version: 1, data: { title: key, amount: 3 } }));
    expect((await links(key)).map((l) => l.record_id)).toEqual([mine]);
    // Nothing was removed: the uploader and the approver of Sam's record still get the bytes.
    expect((await download('sam', key)).body).toBe('sam’s receipt');
    const viaRecord = await download('mia', key, mine);
    expect(viaRecord.statusCode, viaRecord.body).toBe(200);
    expect(viaRecord.body).toBe('sam’s receipt');
  });

  it('opens a file only through the record it is attached to, for those who may open that record', async () => {
    const a = await upload('sam', 'file A');
    const b = await upload('sam', 'file B');
    const withA = await submit('sam', { title: a });
    const withB = await submit('sam', { title: b });
    expect((await download('mia', a, withA)).body).toBe('file A');
    // A on B's record, B on A's record, no record at all: refused.
    refused(await download('mia', a, withB));
    refused(await download('mia', b, withA));
    refused(await download('mia', a));
    // Uma holds no task and started neither record; a record id that does not exist names nothing.
    refused(await download('uma', a, withA));
    refused(await download('mia', a, '00000000-0000-4000-8000-000000000000'));
    // Administrators see every record, so they open it through the record, and only so.
    expect((await download('admin', a, withA)).statusCode).toBe(200);
    refused(await download('admin', a));
    // Reading the record is not editing it: only the uploader (or someone who may edit the field) removes.
    const r = await remove('mia', a, withA);
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe('Only the person who uploaded this file can remove it.');
    expect((await download('sam', a)).statusCode).toBe(200);
  });

  it('keeps a file in a field hidden at the caller’s step closed', async () => {
    const key = await upload('sam', 'hidden proof');
    const rec = await submit('sam', { title: 'Hidden proof', secret: key });
    expect(await links(key)).toEqual([{ record_id: rec, field: 'secret', linked_by: uid.sam }]);
    refused(await download('mia', key, rec));
    refused(await remove('mia', key, rec));
    expect((await download('sam', key, rec)).body).toBe('hidden proof');
  });

  it('links what an approver attaches at their step, for the initiator to open', async () => {
    const rec = await submit('sam', { title: 'Needs a note' });
    const task = await o.tdb
      .selectFrom('tasks')
      .select('id')
      .where('record_id', '=', rec)
      .where('assignee_id', '=', uid.mia!)
      .executeTakeFirstOrThrow();
    const note = await upload('mia', 'manager’s note');
    await ok(post('mia', `${EM}/approve`, { task_id: task.id, accepted: true, data: { manager_note: note } }));
    expect(await links(note)).toEqual([{ record_id: rec, field: 'manager_note', linked_by: uid.mia }]);
    expect((await download('sam', note, rec)).body).toBe('manager’s note');
    refused(await download('uma', note, rec));
  });

  it('stops a link from opening a file the record no longer holds', async () => {
    const key = await upload('sam', 'replaced');
    const id = await draft('sam', { title: key });
    expect(await links(key)).toHaveLength(1);
    await ok(post('sam', `${EM}/save`, { moduleId, recordId: id, version: 1, data: { title: 'no file now' } }));
    refused(await download('admin', key, id));
    expect((await download('sam', key)).statusCode).toBe(200);
  });

  it('never opens a file to another tenant, and needs a token', async () => {
    const key = await upload('sam', 'tenant A only');
    const rec = await submit('sam', { title: key });
    refused(await download('bravo', key, rec));
    refused(await remove('bravo', key, rec));
    const cross = await o.t.app.inject({
      url: `${FILES}/GetFile?key=${key}&recordId=${rec}&x-token=${tok.bravo}`,
      headers: { host: A },
    });
    expect(cross.statusCode).toBe(401);
    for (const r of [
      await o.t.app.inject({ url: `${FILES}/GetFile?key=${key}&recordId=${rec}`, headers: { host: A } }),
      await o.t.app.inject({ method: 'POST', url: `${FILES}/RemoveFileByKey?key=${key}`, headers: { host: A } }),
    ]) {
      expect(r.statusCode).toBe(401);
      expect(r.json()).toMatchObject({ success: false });
    }
    expect((await download('sam', key)).body).toBe('tenant A only');
  });

  it('removes the file and its links when its uploader removes it', async () => {
    const key = await upload('sam', 'to remove');
    const rec = await submit('sam', { title: key });
    expect(await links(key)).toHaveLength(1);
    expect((await remove('sam', key)).json()).toMatchObject({ success: true, data: { key } });
    expect(await links(key)).toEqual([]);
    refused(await download('mia', key, rec));
    refused(await download('sam', key));
  });
});
