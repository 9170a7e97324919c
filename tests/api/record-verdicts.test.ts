import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaveRequest, twoStepApproval } from '../fixtures/definitions.js';
import { RECORD_VERDICTS } from '../fixtures/record-verdicts.js';
import { compileDefinition } from '../../runtime/compile.js';
import { fieldRegistry } from '../../runtime/registry.js';
import { applyChange, initialValues } from '../../runtime/record-engine.js';
import { validateRecord } from '../../runtime/validation.js';
import type { Access, Issue } from '../../runtime/permissions.js';
import type { ModuleDefinition } from '../../schemas/module-definition.js';
import { HttpError } from '../../src/server/http/errors.js';
import { loadVersion } from '../../src/server/records/store.js';
import { mergeWrite } from '../../src/server/records/write.js';
import { TenantDb } from '../../src/server/tenancy/tenant-db.js';
import { bearer, tokenFor } from '../support/auth.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { testDialects } from '../support/databases.js';

const PW = 'Correct-Horse-9';
const A = 'acme.localhost';

/** The browser's path: the published form as the page receives it, values as RecordForm computes them. */
function browserVerdict(
  form: { definition: ModuleDefinition; access: Record<string, Access> },
  data: Record<string, unknown>,
  draft: boolean,
): Issue[] {
  const c = compileDefinition(form.definition, fieldRegistry);
  let values = initialValues(c);
  for (const [k, v] of Object.entries(data)) values = applyChange(c, values, k, v).values;
  return validateRecord(c, values, form.access, { draft });
}

describe.each(await testDialects())('browser and server verdicts on %s', (dialect) => {
  let t: TestApp;
  let token = '';
  let moduleId = '';
  let form: { definition: ModuleDefinition; access: Record<string, Access> };
  let tdb: TenantDb;
  // No field of this form reads other data on save, so whose eyes the write uses does not change a verdict.
  const ADMIN = {
    id: 'verdicts-admin',
    tenantId: '',
    username: 'admin',
    email: 'admin@example.test',
    fullname: 'Admin',
    isSysAdmin: false,
    isAdministrator: true,
    isFullUser: false,
    isConsultant: false,
    sessionId: 's',
  };
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const { tenantId } = await t.addTenant('acme', PW);
    tdb = new TenantDb(tenantId, t.db.forTenant(tenantId));
    token = await tokenFor(t.app, A, 'admin', PW);
    moduleId = (await post('/api/form/Editor/CreateProcessFromScratch', { name: 'Leave verdicts' })).json().data.id;
    await post(`/api/form/Editor/SaveForm?id=${moduleId}`, { module: leaveRequest, workflow: twoStepApproval });
    expect((await post(`/api/form/Editor/publish?id=${moduleId}`, {})).json().success).toBe(true);
    form = (await t.app.inject({ url: `/api/EntryModule/form/${moduleId}`, headers: bearer(token, A) })).json().data;
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token, A), payload });
  const serverVerdict = async (url: string, data: Record<string, unknown>): Promise<Issue[]> => {
    // Defaults are part of a new record in the browser too (daily_rate), so the server gets them the same way.
    const res = await post(url, { moduleId, data: { daily_rate: 100, ...data } });
    if (res.statusCode === 200) return [];
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().success).toBe(false);
    return res.json().issues as Issue[];
  };

  it.each(RECORD_VERDICTS)('$name: the same verdict as a draft', async ({ data, draft }) => {
    expect(browserVerdict(form, data, true)).toEqual(draft);
    expect(await serverVerdict('/api/EntryModule/save', data)).toEqual(draft);
  });

  // Submitting goes through the same server write (mergeWrite with draft false) as the submit action.
  it.each(RECORD_VERDICTS)('$name: the same verdict on submit', async ({ data, submit }) => {
    expect(browserVerdict(form, data, false)).toEqual(submit);
    const v = await loadVersion(tdb, moduleId, 1);
    let server: Issue[] = [];
    try {
      await mergeWrite({ tdb, user: ADMIN, moduleId }, v, {}, { daily_rate: 100, ...data }, form.access, {
        draft: false,
      });
    } catch (err) {
      expect(err).toBeInstanceOf(HttpError);
      expect((err as HttpError).statusCode).toBe(422);
      server = (err as { issues: Issue[] }).issues;
    }
    expect(server).toEqual(submit);
  });

  it('cleans rich text written straight to the API, in the answer and when read back', async () => {
    const dirty =
      '<p onclick="x()">Hi</p><img src=x onerror="alert(1)"><a href="javascript:alert(2)">link</a><svg onload="alert(3)"><circle/></svg><iframe src="//evil"></iframe>';
    const res = await post('/api/EntryModule/save', { moduleId, data: { notes: dirty, notes_html: dirty } });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data;
    const detail = (
      await t.app.inject({ url: `/api/EntryModule/${saved.id}/detail`, headers: bearer(token, A) })
    ).json().data;
    for (const rec of [saved.data, detail.data]) {
      for (const f of ['notes', 'notes_html']) {
        expect(rec[f]).toContain('Hi');
        expect(rec[f]).not.toMatch(/onerror|onclick|onload|javascript:|<svg|<iframe/i);
      }
    }
  });
});
