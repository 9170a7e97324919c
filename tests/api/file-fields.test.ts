import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, beforeAll } from 'vitest';
import { bearer } from '../support/auth.js';
import { publishApp, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';
import { PDF, PNG, uploadAs, withSection } from '../support/files.js';
import { claimWorkflow, expenseClaim } from './engine-fixture.js';
import { removeOrphanFiles } from '../../src/server/files/orphans.js';
import { diskStore } from '../../src/server/files/store.js';

/**
 * Fields that hold files: an upload that names the app and the field is held to the field's rules (types by content
 * and name, size), the organisation's storage has a ceiling, files stream in, FileInfo answers what GetFile would,
 * and uploads never attached to a record are swept after a day.
 */
const A = 'acme.localhost';
const FILES = '/api/form/AWSS3';
const EM = '/api/EntryModule';

const withFiles = withSection(expenseClaim, [
  { name: 'receipt', label: 'Receipt', fieldType: 'file', config: { accept: ['.pdf'], maxSizeMb: 0.001 } },
  {
    name: 'photos',
    label: 'Photos',
    fieldType: 'multi-file',
    config: { accept: ['image/*'], maxSizeMb: null, maxFiles: 3 },
  },
  { name: 'private_doc', label: 'Private', fieldType: 'file', config: { accept: [], maxSizeMb: null } },
]);

function workflow() {
  const w = claimWorkflow({ finance: [] }) as ReturnType<typeof claimWorkflow> & {
    permissions: { steps: Record<string, Record<string, object>> };
  };
  w.permissions.steps.manager!.private_doc = { visibility: 'hidden' };
  return w;
}

describe.each(await testDialects())('file fields on %s', (dialect) => {
  const o = useOffice(dialect, ['sam', 'mia', 'uma'], { env: { FILE_TENANT_MAX_BYTES: '200000' } });
  const { id: uid, tok } = o;
  let moduleId = '';

  const upload = (who: string, query: string, files: { name: string; type: string; bytes: Buffer }[]) =>
    uploadAs(o.t.app, bearer(tok[who]!, A), query, files);
  const forField = (field: string) => `?moduleId=${moduleId}&field=${field}`;
  const stored = async (who: string, field: string, name: string, type: string, bytes: Buffer) => {
    const r = await upload(who, forField(field), [{ name, type, bytes }]);
    expect(r.json(), r.body).toMatchObject({ success: true });
    const { key, fileName, size, contentType } = r.json().data[0];
    return { key, fileName, size, contentType };
  };
  const get = (who: string, url: string) => o.t.app.inject({ url, headers: bearer(tok[who]!, A) });
  const tmpLeft = () =>
    fs.existsSync(path.join(o.t.config.dataDir, 'files'))
      ? fs
          .readdirSync(path.join(o.t.config.dataDir, 'files'), { recursive: true })
          .filter((f) => String(f).endsWith('.tmp'))
      : [];

  beforeAll(async () => {
    moduleId = await publishApp(o, 'Claims with files', withFiles, workflow());
  });

  it('holds an upload for a field to that field’s types and size', async () => {
    const wrongType = await upload('sam', forField('receipt'), [{ name: 'photo.png', type: 'image/png', bytes: PNG }]);
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toEqual({ success: false, message: 'This field accepts only .pdf files.' });
    // The name says PDF, the content does not: refused before the field's rules are even asked.
    const renamed = await upload('sam', forField('receipt'), [{ name: 'x.pdf', type: 'application/pdf', bytes: PNG }]);
    expect(renamed.json().message).toBe("The file's content does not match its type (.pdf).");
    const big = Buffer.concat([PDF, Buffer.alloc(2000, 32)]);
    const tooBig = await upload('sam', forField('receipt'), [{ name: 'big.pdf', type: 'application/pdf', bytes: big }]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('The file is too large (at most 1 KB).');
    expect(tmpLeft()).toEqual([]);
    const ok = await stored('sam', 'receipt', 'claim.pdf', 'application/pdf', PDF);
    expect(ok).toMatchObject({ fileName: 'claim.pdf', size: PDF.length, contentType: 'application/pdf' });
    // image/* takes any image the store accepts.
    expect((await stored('sam', 'photos', 'a.png', 'image/png', PNG)).contentType).toBe('image/png');
  });

  it('refuses uploads naming a field that holds no files, half a target, or an app the user may not fill', async () => {
    const notFiles = await upload('sam', forField('title'), [{ name: 'a.pdf', type: 'application/pdf', bytes: PDF }]);
    expect(notFiles.json()).toEqual({ success: false, message: "'title' does not hold files." });
    const half = await upload('sam', `?moduleId=${moduleId}`, [{ name: 'a.pdf', type: 'application/pdf', bytes: PDF }]);
    expect(half.statusCode).toBe(400);
    const missing = await upload('sam', `?moduleId=00000000-0000-4000-8000-000000000000&field=receipt`, [
      { name: 'a.pdf', type: 'application/pdf', bytes: PDF },
    ]);
    expect([403, 404]).toContain(missing.statusCode);
    expect(missing.json().success).toBe(false);
  });

  it('links the files of a submitted record; the approver opens them through it, not a field hidden from the step', async () => {
    const receipt = await stored('sam', 'receipt', 'r.pdf', 'application/pdf', PDF);
    const photo = await stored('sam', 'photos', 'p.png', 'image/png', PNG);
    const secret = await stored('sam', 'private_doc', 's.pdf', 'application/pdf', PDF);
    const r = await o.post('sam', `${EM}/submit`, {
      moduleId,
      data: { title: 'Trip', amount: 10, manager: uid.mia, receipt, photos: [photo], private_doc: secret },
    });
    expect(r.json(), r.body).toMatchObject({ success: true });
    const recordId = r.json().data.recordId as string;
    const links = await o.tdb
      .selectFrom('file_links')
      .select(['file_key', 'field'])
      .where('record_id', '=', recordId)
      .orderBy('field')
      .execute();
    expect(links).toEqual([
      { file_key: photo.key, field: 'photos' },
      { file_key: secret.key, field: 'private_doc' },
      { file_key: receipt.key, field: 'receipt' },
    ]);
    const info = await get('mia', `${FILES}/FileInfo?key=${receipt.key}&recordId=${recordId}`);
    expect(info.json().data).toMatchObject({ fileName: 'r.pdf', size: PDF.length, contentType: 'application/pdf' });
    expect((await get('mia', `${FILES}/GetFile?key=${photo.key}&recordId=${recordId}`)).rawPayload.equals(PNG)).toBe(
      true,
    );
    // Hidden from the manager's step: neither the bytes nor what the file is called.
    for (const url of [`${FILES}/GetFile`, `${FILES}/FileInfo`]) {
      const hidden = await get('mia', `${url}?key=${secret.key}&recordId=${recordId}`);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({ success: false, message: 'File not found' });
    }
    // Uma may not open the record; without the record nobody but Sam gets anything.
    expect((await get('uma', `${FILES}/FileInfo?key=${receipt.key}&recordId=${recordId}`)).statusCode).toBe(404);
    expect((await get('mia', `${FILES}/FileInfo?key=${receipt.key}`)).statusCode).toBe(404);
    expect((await get('sam', `${FILES}/FileInfo?key=${receipt.key}`)).json().data.fileName).toBe('r.pdf');
  });

  it('stops at the organisation’s storage ceiling, and keeps nothing of the refused upload', async () => {
    const used = Number(
      (
        await o.tdb
          .selectFrom('files')
          .select((eb) => eb.fn.sum<number>('size').as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
    const room = 200_000 - used;
    const count = async () =>
      Number(
        (
          await o.tdb
            .selectFrom('files')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst()
        )?.n,
      );
    const before = await count();
    const over = Buffer.concat([PNG, Buffer.alloc(room + 10, 1)]);
    const r = await upload('sam', '', [{ name: 'huge.png', type: 'image/png', bytes: over }]);
    expect(r.statusCode).toBe(413);
    expect(r.json().message).toBe("The organisation's file storage is full (at most 195 KB).");
    expect(await count()).toBe(before);
    expect(tmpLeft()).toEqual([]);
    // What still fits is stored.
    const fits = await upload('sam', '', [
      { name: 'fits.png', type: 'image/png', bytes: Buffer.concat([PNG, Buffer.alloc(room - PNG.length - 100, 1)]) },
    ]);
    expect(fits.json(), fits.body).toMatchObject({ success: true });
    const full = await upload('sam', '', [
      { name: 'more.png', type: 'image/png', bytes: Buffer.concat([PNG, Buffer.alloc(200, 1)]) },
    ]);
    expect(full.statusCode).toBe(413);
    // Removing a file makes room again.
    const key = fits.json().data[0].key;
    const removed = await o.t.app.inject({
      method: 'POST',
      url: `${FILES}/RemoveFileByKey?key=${key}`,
      headers: bearer(tok.sam!, A),
    });
    expect(removed.json()).toMatchObject({ success: true });
  });

  it('sweeps uploads never attached to a record after a day, and keeps attached and scheduled ones', async () => {
    const loose = await stored('sam', 'receipt', 'loose.pdf', 'application/pdf', PDF);
    const fresh = await stored('sam', 'receipt', 'fresh.pdf', 'application/pdf', PDF);
    const kept = await stored('sam', 'receipt', 'kept.pdf', 'application/pdf', PDF);
    const scheduled = await stored('sam', 'receipt', 'sched.pdf', 'application/pdf', PDF);
    const r = await o.post('sam', `${EM}/submit`, {
      moduleId,
      data: { title: 'Kept', amount: 1, manager: uid.mia, receipt: kept },
    });
    expect(r.json(), r.body).toMatchObject({ success: true });
    const now = new Date().toISOString();
    await o.tdb
      .insertInto('schedules', {
        id: '11111111-1111-4111-8111-111111111111',
        module_id: moduleId,
        name: 'Monthly',
        cron: '0 9 1 * *',
        time_zone: 'UTC',
        data: JSON.stringify({ receipt: scheduled }),
        submit: 0,
        status: 'Active',
        owner_id: uid.sam!,
        next_run_on: null,
        last_run_on: null,
        created_on: now,
        modified_on: now,
      })
      .execute();
    const old = new Date(Date.now() - 25 * 3_600_000).toISOString();
    await o.tdb
      .updateTable('files')
      .set({ created_on: old })
      .where('key', 'in', [loose.key, kept.key, scheduled.key])
      .execute();
    const store = diskStore(path.join(o.t.config.dataDir, 'files'));
    const removed = await removeOrphanFiles(o.tdb, store, new Date(Date.now() - 24 * 3_600_000));
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = (await o.tdb.selectFrom('files').select('key').execute()).map((f) => f.key);
    expect(left).not.toContain(loose.key);
    expect(left).toEqual(expect.arrayContaining([fresh.key, kept.key, scheduled.key]));
    expect((await get('sam', `${FILES}/GetFile?key=${loose.key}`)).statusCode).toBe(404);
    expect((await get('sam', `${FILES}/GetFile?key=${kept.key}`)).statusCode).toBe(200);
  });
});
