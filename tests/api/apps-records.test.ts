import { beforeAll, describe, expect, it } from 'vitest';
import { leaveRequest, twoStepApproval } from '../fixtures/definitions.js';
import { bearer } from '../support/auth.js';
import { useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';

const A = 'acme.localhost';

describe.each(await testDialects())('apps and records on %s', (dialect) => {
  const o = useOffice(dialect, [{ username: 'sam', fullname: 'Sam' }], { bravo: true });
  let admin = '';
  let staff = '';
  let other = '';
  let moduleId = '';
  beforeAll(async () => {
    [admin, staff, other] = o.tokensOf('admin', 'sam', 'bravo');
  });

  const post = (url: string, token: string, payload: unknown, host = A) =>
    o.t.app.inject({ method: 'POST', url, headers: bearer(token, host), payload: payload as object });
  const get = (url: string, token: string, host = A) => o.t.app.inject({ url, headers: bearer(token, host) });

  it('creates an app with the spec rules enforced on the server', async () => {
    const create = (name: string, extra: object = {}) =>
      post('/api/form/Editor/CreateProcessFromScratch', admin, { name, ...extra });
    expect((await create('')).json().message).toBe('This field is required');
    expect((await create('Tasks')).json().message).toBe('Name: Tasks is reserved system name, please use another name');
    expect((await create('Leave@Home')).json().message).toBe('Cannot contain special characters');
    expect((await create('x'.repeat(41))).json().message).toBe('Cannot exceed 40 characters');
    expect((await create('1st app')).json().message).toBe('Cannot start with a number');
    expect((await create('Leave', { description: 'd'.repeat(251) })).json().message).toBe(
      'Value can not exceed 250 characters',
    );
    const ok = await create('Leave requests', {
      description: 'Time off',
      ocrProviderId: 'tesseract',
      machineLearningServiceId: '["suggest-value"]',
      addToQuickLaunch: true,
    });
    expect(ok.json().success).toBe(true);
    moduleId = ok.json().data.id;
    expect((await create('Leave requests')).statusCode).toBe(400);
    // A regular user may not design.
    expect((await post('/api/form/Editor/CreateProcessFromScratch', staff, { name: 'Mine' })).statusCode).toBe(403);
  });

  it('refuses to publish a definition that does not compile, then publishes versions', async () => {
    const broken = {
      ...leaveRequest,
      fieldGroups: [
        {
          id: 'g',
          label: 'G',
          rows: [{ fields: [{ name: 'a', label: 'A', fieldType: 'calculation-number', formula: 'b +' }] }],
        },
      ],
    };
    const saved = await post(`/api/form/Editor/SaveForm?id=${moduleId}`, admin, { module: broken });
    expect(saved.json().data.warnings.length).toBeGreaterThan(0);
    const refused = await post(`/api/form/Editor/publish?id=${moduleId}`, admin, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/cannot be published: A: formula error/);
    const wf = { ...twoStepApproval, permissions: { defaults: { secret: { visibility: 'hidden' as const } } } };
    await post(`/api/form/Editor/SaveForm?id=${moduleId}`, admin, { module: leaveRequest, workflow: wf });
    const v1 = await post(`/api/form/Editor/publish?id=${moduleId}`, admin, {});
    expect(v1.json().data.version).toBe(1);
    const form = await get(`/api/form/Editor/GetForm?id=${moduleId}`, admin);
    expect(form.json().data).toMatchObject({ status: 'Published', module_version: 1 });
  });

  it('saves records with server-side validation, sanitizing, formulas and gap-free sequence numbers', async () => {
    const data = {
      full_name: 'Sam Smith',
      email: 'sam@acme.test',
      kind: 'annual',
      start: '2026-12-01',
      end: '2026-12-02',
      daily_rate: 100,
      days: 999,
      notes: '<p>Hi</p><img src=x onerror="alert(1)">',
    };
    const bad = await post('/api/EntryModule/save', staff, { moduleId, data: { ...data, email: 'nope' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().issues).toEqual([{ field: 'email', message: 'Email is not valid' }]);
    const saves = await Promise.all(
      Array.from({ length: 8 }, () => post('/api/EntryModule/save', staff, { moduleId, data })),
    );
    const bodies = saves.map((s) => s.json());
    expect(bodies.every((b) => b.success)).toBe(true);
    const refs = bodies.map((b) => b.data.data.reference).sort();
    expect(refs).toEqual(Array.from({ length: 8 }, (_, i) => `LR-${String(i + 1).padStart(4, '0')}`));
    const first = bodies[0].data;
    expect(first.data.days).toBe(2);
    expect(first.data.cost).toBe(200);
    expect(first.data.notes).not.toMatch(/onerror/);
    // Hidden at this step: not sent back, not writable.
    const hidden = await post('/api/EntryModule/save', staff, {
      moduleId,
      recordId: first.id,
      version: 1,
      data: { secret: 'x' },
    });
    expect(hidden.statusCode).toBe(422);
    expect(hidden.json().issues[0].message).toBe('Field Secret cannot be changed at this step');
    const detail = await get(`/api/EntryModule/${first.id}/detail`, staff);
    expect(detail.json().data.data.secret).toBeUndefined();
    expect(JSON.stringify(detail.json().data.definition)).not.toContain('"secret"');
    // Optimistic locking: a stale version loses.
    const upd = await post('/api/EntryModule/save', staff, {
      moduleId,
      recordId: first.id,
      version: 1,
      data: { full_name: 'Sam Smythe' },
    });
    expect(upd.json().data.version).toBe(2);
    const stale = await post('/api/EntryModule/save', staff, {
      moduleId,
      recordId: first.id,
      version: 1,
      data: { full_name: 'Sam Again' },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('keeps a record on the version it was created under after a republish', async () => {
    const rec = (await post('/api/EntryModule/save', staff, { moduleId, data: { full_name: 'Old Version' } })).json()
      .data;
    const changed = {
      ...leaveRequest,
      fieldGroups: [
        ...leaveRequest.fieldGroups,
        { id: 'new', label: 'New', rows: [{ fields: [{ name: 'extra', label: 'Extra', fieldType: 'text' }] }] },
      ],
    };
    await post(`/api/form/Editor/SaveForm?id=${moduleId}`, admin, { module: changed });
    expect((await post(`/api/form/Editor/publish?id=${moduleId}`, admin, {})).json().data.version).toBe(2);
    const d = (await get(`/api/EntryModule/${rec.id}/detail`, staff)).json().data;
    expect(d.module_version).toBe(1);
    expect(JSON.stringify(d.definition)).not.toContain('"extra"');
    const fresh = (await get(`/api/EntryModule/form/${moduleId}`, staff)).json().data;
    expect(fresh.module_version).toBe(2);
  });

  it("never shows another tenant's app or record", async () => {
    const rec = (await post('/api/EntryModule/save', staff, { moduleId, data: { full_name: 'Private' } })).json().data;
    expect((await get(`/api/EntryModule/${rec.id}/detail`, other, 'bravo.localhost')).statusCode).toBe(404);
    expect((await get(`/api/form/Editor/GetForm?id=${moduleId}`, other, 'bravo.localhost')).statusCode).toBe(404);
    expect((await post('/api/EntryModule/save', other, { moduleId, data: {} }, 'bravo.localhost')).statusCode).toBe(
      404,
    );
  });
});
