import { beforeAll, describe, expect, it } from 'vitest';
import { leaveRequest } from '../fixtures/definitions.js';
import { bearer, tokenFor } from '../support/auth.js';
import { useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';

const PW = 'Correct-Horse-9';
const A = 'acme.localhost';
const E = '/api/form/Editor';

/**
 * Attacks on the app routes: record templates past the app's create list, and malformed definitions and settings
 * sent to the design routes (each must be a 400 in the envelope, store nothing, and pollute no prototype).
 */
describe.each(await testDialects())('app routes under attack on %s', (dialect) => {
  const members = [
    { username: 'fay', fullname: 'Fay', isFullUser: true },
    { username: 'sam', fullname: 'Sam' },
    { username: 'una', fullname: 'Una' },
  ];
  const o = useOffice(dialect, members, { signIn: ['fay', 'sam', 'una'] });
  let designer = '';
  let listed = '';
  let unlisted = '';
  let moduleId = '';
  beforeAll(async () => {
    const samId = o.id.sam!;
    [designer, listed, unlisted] = o.tokensOf('fay', 'sam', 'una');
    moduleId = (await post(`${E}/CreateProcessFromScratch`, designer, { name: 'Leave requests' })).json().data.id;
    expect((await post(`${E}/SaveForm?id=${moduleId}`, designer, { module: leaveRequest })).statusCode).toBe(200);
    expect((await post(`${E}/publish?id=${moduleId}`, designer, {})).statusCode).toBe(200);
    // Everyone may view the app's records; only Sam may create them.
    const permission = { rules: { create: { users: [samId] } } };
    expect((await post(`${E}/UpdateModule`, designer, { id: moduleId, permission })).json().success).toBe(true);
  });

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
    o.t.app.inject({
      method,
      url,
      headers: { ...bearer(token, A), ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}) },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  const post = (url: string, token: string, payload: unknown = {}) => send('POST', url, token, payload);
  const templates = () =>
    o.tdb
      .selectFrom('record_templates')
      .select(['id', 'template_name', 'data'])
      .where('module_id', '=', moduleId)
      .execute();
  const draft = async () =>
    await o.tdb
      .selectFrom('modules')
      .select(['module_draft', 'workflow_draft'])
      .where('id', '=', moduleId)
      .executeTakeFirstOrThrow();

  it('lets a user on the create list save record templates, and refuses everyone else with nothing stored', async () => {
    const saved = await post(`${E}/recordtemplate?moduleId=${moduleId}&templateName=Annual`, listed, {
      full_name: 'Sam',
    });
    expect(saved.statusCode).toBe(200);
    const { templateId } = saved.json().data;
    expect((await send('GET', `${E}/recordtemplate/${moduleId}`, listed)).json().data).toHaveLength(1);

    const refused = await post(`${E}/recordtemplate?moduleId=${moduleId}&templateName=Mine`, unlisted, {
      full_name: 'Una',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      message: 'You do not have permission to create records of this app.',
    });
    // Nor may the unlisted user overwrite, read, rename, reorder or delete Sam's template.
    const overwrite = await post(`${E}/recordtemplate?moduleId=${moduleId}&templateId=${templateId}`, unlisted, {
      x: 1,
    });
    expect(overwrite.statusCode).toBe(403);
    for (const [method, url] of [
      ['GET', `${E}/recordtemplate/${moduleId}`],
      ['GET', `${E}/recordtemplate/${moduleId}/${templateId}`],
      ['POST', `${E}/recordtemplate/rename?templateId=${templateId}&name=Taken`],
      ['POST', `${E}/recordtemplate/orderindex?templateId=${templateId}&index=0`],
      ['DELETE', `${E}/recordtemplate/${moduleId}/${templateId}`],
    ] as const) {
      const res = await send(method, url, unlisted, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await templates()).toEqual([
      { id: templateId, template_name: 'Annual', data: JSON.stringify({ full_name: 'Sam' }) },
    ]);
  });

  it('refuses malformed definitions with a clear 400 and keeps the stored draft', async () => {
    const before = await draft();
    const group = (rows: unknown) => ({ display_name: 'Leave requests', fieldGroups: [{ id: 'g', label: 'G', rows }] });
    const field = { name: 'a', label: 'A', fieldType: 'text' };
    const attacks: [string, unknown][] = [
      ['no definition', {}],
      ['a string for the definition', { module: 'not a form' }],
      ['a list for the definition', { module: [leaveRequest] }],
      ['null for the definition', { module: null }],
      ['a number for the sections', { module: { display_name: 'x', fieldGroups: 5 } }],
      ['null for a section', { module: { display_name: 'x', fieldGroups: [null] } }],
      ['a string for the rows', { module: group('rows') }],
      ['a number for a field type', { module: group([{ fields: [{ ...field, fieldType: 5 }] }]) }],
      ['an object for a field name', { module: group([{ fields: [{ ...field, name: { toString: 'a' } }] }]) }],
      [
        'a rule without its field',
        { module: group([{ fields: [{ ...field, rules: [{ kind: 'visible', when: {} }] }] }]) },
      ],
      ['a list for field settings', { module: group([{ fields: [{ ...field, config: [1, 2] }] }]) }],
      [
        'a huge list of sections',
        { module: { display_name: 'x', fieldGroups: Array(100_000).fill({ id: 'g', rows: [] }) } },
      ],
      ['a huge list of rows', { module: group(Array(100_000).fill({ fields: [] })) }],
      ['a huge row', { module: group([{ fields: Array(10_000).fill(field) }]) }],
      [
        'a huge list of rules',
        { module: group([{ fields: [{ ...field, rules: Array(10_000).fill({ kind: 'visible' }) }] }]) },
      ],
      ['a string for the workflow', { module: leaveRequest, workflow: 'start -> end' }],
      ['a list for the workflow', { module: leaveRequest, workflow: [] }],
      ['a workflow without activities', { module: leaveRequest, workflow: { connections: [] } }],
      ['a huge workflow', { module: leaveRequest, workflow: { activities: Array(100_000).fill({}), connections: [] } }],
    ];
    for (const [what, body] of attacks) {
      const res = await post(`${E}/SaveForm?id=${moduleId}`, designer, body);
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toEqual({ success: false, message: expect.any(String) });
    }
    // Keys that would reach an object's prototype are refused by the JSON reader, before any handler.
    for (const raw of [
      `{"module":{"display_name":"x","fieldGroups":[],"__proto__":{"polluted":true}}}`,
      `{"module":{"display_name":"x","fieldGroups":[{"id":"g","label":"G","rows":[],"__proto__":{"polluted":true}}]}}`,
      `{"module":{"display_name":"x","fieldGroups":[],"constructor":{"prototype":{"polluted":true}}}}`,
    ]) {
      const res = await post(`${E}/SaveForm?id=${moduleId}`, designer, raw);
      expect(res.statusCode, raw).toBe(400);
      expect(res.json().success).toBe(false);
    }
    // Names of the built-in object members are not field names, even in a draft.
    for (const name of ['__proto__', 'constructor', 'hasOwnProperty']) {
      const res = await post(`${E}/SaveForm?id=${moduleId}`, designer, {
        module: group([{ fields: [{ ...field, name }] }]),
      });
      expect(res.statusCode, name).toBe(400);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await draft()).toEqual(before);
    expect((await post(`${E}/publish?id=${moduleId}`, designer, {})).json().data.version).toBe(2);
  });

  it('refuses malformed settings, templates and permission rules with a clear 400', async () => {
    const attacks: [string, 'POST' | 'PUT', string, unknown][] = [
      ['permission as text', 'POST', `${E}/UpdateModule`, { id: moduleId, permission: 'everyone' }],
      [
        'permission users as text',
        'POST',
        `${E}/UpdateModule`,
        { id: moduleId, permission: { rules: { create: { users: 'sam' } } } },
      ],
      [
        'a list for e-mail templates',
        'POST',
        `${E}/updateEmailTemplate`,
        { moduleId, templates: [{ subject: 'x', body: 'y' }] },
      ],
      ['an e-mail template as text', 'POST', `${E}/updateEmailTemplate`, { moduleId, templates: { submit: 'hi' } }],
      ['a number for list settings', 'PUT', `${E}/setuserconfig?moduleId=${moduleId}`, '42'],
      ['a list for everyone\u2019s settings', 'POST', `${E}/applyconfigalluser?moduleId=${moduleId}`, '[1,2,3]'],
      [
        'huge list settings',
        'PUT',
        `${E}/setuserconfig?moduleId=${moduleId}`,
        { columns: Array(50_000).fill('full_name') },
      ],
      ['a list for template values', 'POST', `${E}/recordtemplate?moduleId=${moduleId}&templateName=List`, '[1]'],
      [
        'a prototype key in template values',
        'POST',
        `${E}/recordtemplate?moduleId=${moduleId}&templateName=Proto`,
        '{"__proto__":{"polluted":true}}',
      ],
      ['a list for group ids', 'POST', `${E}/category/order`, { ids: 'all' }],
    ];
    const admin = await tokenFor(o.t.app, A, 'admin', PW);
    for (const [what, method, url, body] of attacks) {
      const res = await send(
        method,
        url,
        url.includes('category') ? admin : url.includes('recordtemplate') ? listed : designer,
        body,
      );
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toEqual({ success: false, message: expect.any(String) });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const app = (await send('GET', `${E}/GetForm?id=${moduleId}`, designer)).json().data;
    expect(app.permission).toEqual({ rules: { create: { users: [expect.any(String)] } } });
    expect(app.email_templates).toEqual({});
    expect((await templates()).map((x) => x.template_name)).toEqual(['Annual']);
  });
});
