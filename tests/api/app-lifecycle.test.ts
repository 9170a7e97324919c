import { beforeAll, describe, expect, it } from 'vitest';
import { leaveRequest } from '../fixtures/definitions.js';
import { bearer } from '../support/auth.js';
import { useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';

const A = 'acme.localhost';
const E = '/api/form/Editor';

describe.each(await testDialects())('app lifecycle on %s', (dialect) => {
  const members = [
    { username: 'sam', fullname: 'Sam' },
    { username: 'fay', fullname: 'Fay', isFullUser: true },
  ];
  const o = useOffice(dialect, members, { bravo: true });
  let admin = '';
  let designer = '';
  let staff = '';
  let staffId = '';
  let other = '';
  let moduleId = '';
  beforeAll(async () => {
    staffId = o.id.sam!;
    [admin, designer, staff, other] = o.tokensOf('admin', 'fay', 'sam', 'bravo');
  });

  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown, host = A) =>
    o.t.app.inject({
      method,
      url,
      headers: bearer(token, host),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const post = (url: string, token: string, payload: unknown = {}) => req('POST', url, token, payload);
  const get = (url: string, token: string) =>
    req('GET', url, token, undefined, token === other ? 'bravo.localhost' : A);

  it('creates apps; the server refuses long, special-character and reserved names', async () => {
    const create = (name: string, extra: object = {}) =>
      post(`${E}/CreateProcessFromScratch`, designer, { name, ...extra });
    const long = await create('x'.repeat(41));
    expect([long.statusCode, long.json()]).toEqual([400, { success: false, message: 'Cannot exceed 40 characters' }]);
    expect((await create('Leave<script>')).json().message).toBe('Cannot contain special characters');
    expect((await create('Applications')).json().message).toBe(
      'Name: Applications is reserved system name, please use another name',
    );
    expect((await create(' Leave')).json().message).toBe('Cannot start with a space');
    // ML services need a provider, belong to it, need their licence; the single-select provider takes one.
    expect((await create('Scan', { machineLearningServiceId: '["suggest-value"]' })).json().message).toBe(
      'Choose an OCR provider before machine-learning services.',
    );
    expect(
      (await create('Scan', { ocrProviderId: 'tesseract', machineLearningServiceId: '["suggest-values-plus"]' })).json()
        .message,
    ).toBe('You need a licence for Suggest values (every choice field).');
    expect(
      (
        await create('Scan', {
          ocrProviderId: 'google-document-ai',
          machineLearningServiceId: '["suggest-value","suggest-values-plus"]',
        })
      ).json().message,
    ).toBe('Google Document AI takes one machine-learning service.');
    const ok = await create('Leave requests', {
      ocrProviderId: 'tesseract',
      machineLearningServiceId: '["suggest-value"]',
      appIcon: 'airplane',
    });
    expect(ok.json().success).toBe(true);
    moduleId = ok.json().data.id;
    expect((await post(`${E}/CreateProcessFromScratch`, staff, { name: 'Mine' })).statusCode).toBe(403);
    const reserved = (await get(`${E}/ReservedFieldNames`, designer)).json().data as string[];
    expect(reserved).toContain('created_by');
    const providers = (await get('/api/ocrprovider/lookup', staff)).json().data;
    expect(providers.find((p: { singleSelect: boolean }) => p.singleSelect).id).toBe('google-document-ai');
    const ml = (await get('/api/ocr/machinelearninglookup?providerId=tesseract', staff)).json().data;
    expect(ml.map((s: { id: string; licensed: boolean }) => [s.id, s.licensed])).toEqual([
      ['suggest-value', true],
      ['suggest-values-plus', false],
    ]);
  });

  it('refuses to publish a definition that does not compile, with a clear message', async () => {
    const cyclic = {
      display_name: 'Leave requests',
      fieldGroups: [
        {
          id: 'g',
          label: 'G',
          rows: [
            {
              fields: [
                { name: 'a', label: 'A', fieldType: 'calculation-number', formula: 'b + 1' },
                { name: 'b', label: 'B', fieldType: 'calculation-number', formula: 'a + 1' },
              ],
            },
          ],
        },
      ],
    };
    expect(
      (await post(`${E}/SaveForm?id=${moduleId}`, designer, { module: cyclic })).json().data.warnings.length,
    ).toBeGreaterThan(0);
    const refused = await post(`${E}/publish?id=${moduleId}`, designer);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^The app cannot be published: Formula cycle: /);
    await post(`${E}/SaveForm?id=${moduleId}`, designer, { module: leaveRequest });
    expect((await post(`${E}/publish?id=${moduleId}`, designer)).json().data.version).toBe(1);
    const form = (await get(`${E}/GetForm?id=${moduleId}`, designer)).json().data;
    expect(form).toMatchObject({
      status: 'Published',
      module_version: 1,
      app_icon: 'airplane',
      ml_service_id: '["suggest-value"]',
    });
    expect((await get(`${E}/GetForm?id=${moduleId}`, staff)).statusCode).toBe(403);
  });

  it('lists apps, searches forms, pages datatables and counts the most used', async () => {
    const draft = (await post(`${E}/CreateProcessFromScratch`, designer, { name: 'Expense claims' })).json().data.id;
    const names = (r: { json(): { data: { display_name: string }[] } }) => r.json().data.map((x) => x.display_name);
    expect(names(await get(`${E}/ListApplications`, designer))).toEqual(['Expense claims', 'Leave requests']);
    // A regular user sees published apps only.
    expect(names(await get(`${E}/ListApplications`, staff))).toEqual(['Leave requests']);
    expect(names(await get(`${E}/ListForms?searchTerm=leave`, staff))).toEqual(['Leave requests']);
    expect(names(await get(`${E}/ListForms?searchTerm=%25`, staff))).toEqual([]);
    const dt = await post(`${E}/applications/datatables`, designer, {
      page: 1,
      length: 1,
      columns: [{ data: 'display_name', searchable: true, orderable: true }],
      orders: [{ column: 0, dir: 'desc' }],
      search: { value: '' },
      filters: [],
    });
    expect(dt.json().data).toMatchObject({
      recordsTotal: 2,
      data: [{ display_name: 'Leave requests', status: 'Published' }],
    });
    const filtered = await post(`${E}/applications/datatables`, designer, {
      page: 1,
      length: 10,
      filters: [{ field: 'status', operator: 'eq', value: 'Draft' }],
    });
    expect(filtered.json().data.data.map((r: { id: string }) => r.id)).toEqual([draft]);
    expect(
      (
        await post(`${E}/applications/datatables`, designer, { orders: [{ column: 'password_hash', dir: 'asc' }] })
      ).json(),
    ).toEqual({ success: false, message: "Cannot sort by 'password_hash'." });
    expect(
      (await post(`${E}/modules/datatables`, designer, { search: { value: 'claims' } })).json().data.recordsTotal,
    ).toBe(0);
    await post('/api/EntryModule/save', staff, { moduleId, data: { full_name: 'Sam' } });
    const most = (await get(`${E}/ListMostUsed`, staff)).json().data;
    expect(most[0]).toMatchObject({ id: moduleId, record_count: 1 });
    // Another tenant sees none of it.
    expect((await get(`${E}/ListApplications`, other)).json().data).toEqual([]);
    expect((await get(`${E}/GetForm?id=${moduleId}`, other)).statusCode).toBe(404);
  });

  it('copies, updates and soft-deletes apps', async () => {
    const copy = await post(`${E}/CopyFrom`, designer, { id: moduleId, name: 'Leave copy' });
    const copyId = copy.json().data.id;
    const form = (await get(`${E}/GetForm?id=${copyId}`, designer)).json().data;
    expect(form).toMatchObject({ status: 'Draft', module_version: null, display_name: 'Leave copy' });
    expect(form.module_draft.fieldGroups).toEqual(leaveRequest.fieldGroups);
    expect((await post(`${E}/CopyFrom`, designer, { id: moduleId, name: 'Leave requests' })).json().message).toBe(
      "An app named 'Leave requests' already exists.",
    );
    expect((await post(`${E}/UpdateModule`, designer, { id: copyId, name: 'y'.repeat(41) })).json().message).toBe(
      'Cannot exceed 40 characters',
    );
    expect(
      (
        await post(`${E}/UpdateModule`, designer, {
          id: copyId,
          name: 'Leave copy 2',
          description: 'New',
          appIcon: 'book',
          helpFileUrl: 'javascript:alert(1)',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post(`${E}/UpdateModule`, designer, {
          id: copyId,
          name: 'Leave copy 2',
          description: 'New',
          appIcon: 'book',
        })
      ).json().success,
    ).toBe(true);
    expect((await get(`${E}/GetForm?id=${copyId}`, designer)).json().data).toMatchObject({
      display_name: 'Leave copy 2',
      module_description: 'New',
      app_icon: 'book',
    });
    expect((await post(`${E}/DeleteForm?moduleId=${copyId}`, staff)).statusCode).toBe(403);
    expect((await post(`${E}/DeleteForm?moduleId=${copyId}`, designer)).json().success).toBe(true);
    expect((await get(`${E}/GetForm?id=${copyId}`, designer)).statusCode).toBe(404);
    expect((await post(`${E}/DeleteForm?moduleId=${copyId}`, designer)).statusCode).toBe(404);
  });

  it('keeps list settings per user and applies them to everyone; switches reassignment', async () => {
    expect(
      (
        await req('PUT', `${E}/setuserconfig?moduleId=${moduleId}&tabConfig=records`, staff, { columns: ['full_name'] })
      ).json().success,
    ).toBe(true);
    expect((await get(`${E}/getmoduleconfig?moduleId=${moduleId}`, staff)).json().data).toMatchObject({
      userConfig: { records: { columns: ['full_name'] } },
      defaultConfig: {},
    });
    expect((await post(`${E}/applyconfigalluser?moduleId=${moduleId}`, staff, { records: {} })).statusCode).toBe(403);
    await req('PUT', `${E}/setuserconfig?moduleId=${moduleId}&tabConfig=records`, designer, {
      columns: ['email', 'kind'],
    });
    await post(`${E}/applyconfigalluser?moduleId=${moduleId}`, designer, {});
    expect((await get(`${E}/getmoduleconfig?moduleId=${moduleId}`, staff)).json().data).toMatchObject({
      userConfig: {},
      defaultConfig: { records: { columns: ['email', 'kind'] } },
    });
    const scalar = await o.t.app.inject({
      method: 'PUT',
      url: `${E}/setuserconfig?moduleId=${moduleId}`,
      headers: { ...bearer(staff, A), 'content-type': 'application/json' },
      payload: '42',
    });
    expect(scalar.json()).toEqual({ success: false, message: 'The configuration must be a JSON object or list.' });
    await post(`${E}/setmodulereassignment?moduleId=${moduleId}&isReassignmentDisabled=true`, designer);
    expect((await get(`${E}/getmoduleconfig?moduleId=${moduleId}`, staff)).json().data.is_reassignment_disabled).toBe(
      true,
    );
  });

  it('saves e-mail templates per event with known placeholders only', async () => {
    const fields = (await get(`${E}/getEmailTemplateFields?moduleId=${moduleId}`, designer))
      .json()
      .data.map((f: { name: string }) => f.name);
    expect(fields).toEqual(expect.arrayContaining(['full_name', 'created_by', 'record_link']));
    const save = (event: string, subject: string, body: string) =>
      post(`${E}/updateEmailTemplate`, designer, { moduleId, event, subject, body });
    expect((await save('submit', 'New request from {full_name}', 'Open {record_link}')).json().success).toBe(true);
    expect((await save('approve', 'Approved', 'Hi {{full_name}}')).json().success).toBe(true);
    expect((await save('explode', 'x', 'y')).json().message).toMatch(/^Unknown e-mail event 'explode'/);
    expect((await save('rejected', 'Rejected {nope}', 'y')).json().message).toBe(
      "The rejected e-mail uses the unknown placeholder 'nope'.",
    );
    expect((await save('sendback', '', 'y')).json().message).toBe('The sendback e-mail needs a subject.');
    expect((await get(`${E}/GetForm?id=${moduleId}`, designer)).json().data.email_templates).toEqual({
      submit: { subject: 'New request from {full_name}', body: 'Open {record_link}' },
      approve: { subject: 'Approved', body: 'Hi {{full_name}}' },
    });
  });

  it('saves, lists, reads, renames, reorders and deletes record templates', async () => {
    const save = (name: string) =>
      post(`${E}/recordtemplate?moduleId=${moduleId}&templateName=${encodeURIComponent(name)}`, staff, {
        full_name: name,
      });
    const a = (await save('Annual')).json().data;
    const b = (await save('Sick')).json().data;
    const c = (await save('Unpaid')).json().data;
    expect((await save('Bad<name>')).json().message).toBe('Cannot contain special characters');
    expect((await get(`${E}/recordtemplate/${moduleId}/${b.templateId}`, staff)).json().data).toMatchObject({
      templateName: 'Sick',
      data: { full_name: 'Sick' },
      index: 1,
    });
    await post(`${E}/recordtemplate/rename?templateId=${b.templateId}&name=Sick leave`, staff);
    await post(`${E}/recordtemplate/orderindex?templateId=${c.templateId}&index=0`, staff);
    const list = (await get(`${E}/recordtemplate/${moduleId}`, staff)).json().data;
    expect(list.map((x: { templateName: string; index: number }) => [x.templateName, x.index])).toEqual([
      ['Unpaid', 0],
      ['Annual', 1],
      ['Sick leave', 2],
    ]);
    expect((await req('DELETE', `${E}/recordtemplate/${moduleId}/${a.templateId}`, staff)).json().success).toBe(true);
    expect((await get(`${E}/recordtemplate/${moduleId}/${a.templateId}`, staff)).statusCode).toBe(404);
    expect((await get(`${E}/recordtemplate/${moduleId}`, other)).statusCode).toBe(404);
  });

  it('enforces per-form permission rules', async () => {
    const rules = { rules: { create: { roles: ['fullUser'] }, view: { users: [staffId] } } };
    expect(
      (await post(`${E}/UpdateModule`, designer, { id: moduleId, permission: { rules: { archive: {} } } })).json()
        .message,
    ).toBe("Unknown permission action 'archive'.");
    expect((await post(`${E}/UpdateModule`, designer, { id: moduleId, permission: rules })).json().success).toBe(true);
    expect((await get(`${E}/recordtemplate/${moduleId}`, staff)).statusCode).toBe(403);
    expect((await get(`${E}/recordtemplate/${moduleId}`, designer)).statusCode).toBe(200);
    // May still view, so the app stays listed for the staff user.
    expect((await get(`${E}/ListApplications`, staff)).json().data.map((x: { id: string }) => x.id)).toEqual([
      moduleId,
    ]);
    const { assertModuleAccess } = await import('../../src/server/access/index.js');
    expect(typeof assertModuleAccess).toBe('function');
  });

  it('saves, deletes and orders app groups with the spec messages, for administrators only', async () => {
    const save = (token: string, body: object) => post(`${E}/category/save`, token, body);
    expect((await save(designer, { category_name: 'HR' })).statusCode).toBe(403);
    const hr = await save(admin, { category_name: 'HR', icon: 'people' });
    expect(hr.json()).toMatchObject({ success: true, message: 'Group has been saved' });
    const fin = (await save(admin, { category_name: 'Finance' })).json().data.id;
    expect((await save(admin, { category_name: '' })).json().message).toBe(
      'Failed to save group: the name is required',
    );
    expect((await save(admin, { category_name: 'HR' })).json().message).toBe(
      "Failed to save group: a group named 'HR' already exists",
    );
    expect((await post(`${E}/category/order`, admin, { ids: [fin, hr.json().data.id] })).json().message).toBe(
      'App group order saved',
    );
    expect((await post(`${E}/category/order`, admin, { ids: [fin] })).json().message).toMatch(
      /^Failed to order App Group/,
    );
    expect(
      (await get(`${E}/category/list`, staff)).json().data.map((c: { category_name: string }) => c.category_name),
    ).toEqual(['Finance', 'HR']);
    await post(`${E}/UpdateModule`, designer, { id: moduleId, categoryId: fin });
    expect((await post(`${E}/category/${fin}/delete`, admin)).json().message).toBe('Group has been deleted');
    expect((await post(`${E}/category/${fin}/delete`, admin)).json().message).toMatch(/^Failed to delete group/);
    expect((await get(`${E}/GetForm?id=${moduleId}`, designer)).json().data.application_module_category_id).toBeNull();
  });

  it('answers the same routes whatever the letter case of the path', async () => {
    // The spec writes the datatables in lower case and the rest as /api/form/Editor/...
    const page = { page: 1, length: 10 };
    for (const url of [
      '/api/form/editor/applications/datatables',
      '/api/form/Editor/applications/datatables',
      '/api/FORM/EDITOR/Applications/DataTables',
    ]) {
      const res = await post(url, designer, page);
      expect(res.statusCode, url).toBe(200);
      expect(
        res.json().data.data.map((r: { id: string }) => r.id),
        url,
      ).toContain(moduleId);
    }
    for (const url of ['/api/form/editor/modules/datatables', '/api/form/Editor/Modules/Datatables']) {
      expect((await post(url, designer, page)).json().data.recordsTotal, url).toBeGreaterThan(0);
    }
    for (const url of [
      `/api/form/Editor/GetForm?id=${moduleId}`,
      `/api/form/editor/getform?id=${moduleId}`,
      `/api/Form/EDITOR/GETFORM?id=${moduleId}`,
    ]) {
      expect((await get(url, designer)).json().data, url).toMatchObject({ id: moduleId, status: 'Published' });
    }
    for (const url of ['/api/form/Editor/ListApplications', '/api/form/editor/listapplications']) {
      expect(
        (await get(url, staff)).json().data.map((r: { id: string }) => r.id),
        url,
      ).toEqual([moduleId]);
    }
    for (const url of ['/api/ocrprovider/lookup', '/api/OcrProvider/Lookup']) {
      expect((await get(url, staff)).json().data, url).toHaveLength(2);
    }
    // Path parameters keep their case.
    const upper = await get(`/api/form/editor/RECORDTEMPLATE/${moduleId.toUpperCase()}`, designer);
    expect(upper.statusCode).toBe(404);
  });
});
