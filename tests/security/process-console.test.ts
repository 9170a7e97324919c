import { beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { useOffice } from '../support/office.js';
import { claimWorkflow, expenseClaim } from '../api/engine-fixture.js';

const P = '/api/process-console';

/** The process console is for system administrators of the tenant only. */
describe.each(await testDialects())('process console access on %s', (dialect) => {
  const o = useOffice(dialect, [{ username: 'ada', isAdministrator: true }, 'reg', 'mia'], { bravo: true });
  let moduleId = '';
  let recordId = '';
  let jobId = '';

  beforeAll(async () => {
    moduleId = (await o.post('admin', '/api/form/Editor/CreateProcessFromScratch', { name: 'Claims' })).json().data.id;
    await o.post('admin', `/api/form/Editor/SaveForm?id=${moduleId}`, {
      module: expenseClaim,
      workflow: claimWorkflow({ finance: [o.id.mia!] }),
    });
    await o.post('admin', `/api/form/Editor/publish?id=${moduleId}`);
    const r = await o.post('reg', '/api/EntryModule/submit', {
      moduleId,
      data: { title: 'T', amount: 5, manager: o.id.mia },
    });
    recordId = r.json().data.recordId;
    const job = await o.post('admin', `${P}/jobs`, { kind: 'cancel', filter: { moduleId }, paused: true });
    jobId = job.json().data.id;
  });

  const routes = () => [
    (who: string) => o.post(who, `${P}/instances`, {}),
    (who: string) => o.get(who, `${P}/instances/${recordId}`),
    (who: string) => o.post(who, `${P}/instances/${recordId}/reassign`, { userId: o.id.mia }),
    (who: string) => o.get(who, `${P}/migration-preview?moduleId=${moduleId}`),
    (who: string) => o.get(who, `${P}/jobs`),
    (who: string) => o.post(who, `${P}/jobs`, { kind: 'cancel', filter: { moduleId }, paused: true }),
    (who: string) => o.get(who, `${P}/jobs/${jobId}`),
    (who: string) => o.post(who, `${P}/jobs/${jobId}/cancel`),
    (who: string) => o.get(who, `${P}/dashboard`),
    (who: string) => o.get(who, `/api/Elsa/workflow-definitions/${moduleId}`),
    (who: string) => o.post(who, '/api/Elsa/workflow-definitions', { moduleId, definition: { activities: [] } }),
  ];

  it('answers 403 to an administrator and a regular user on every route', async () => {
    for (const route of routes())
      for (const who of ['ada', 'reg']) expect((await route(who)).statusCode, who).toBe(403);
    expect((await o.get('reg', `/api/EntryModule/${recordId}/detail`)).statusCode).toBe(200);
  });

  it("never shows or touches another tenant's instances, jobs or apps", async () => {
    const list = (await o.post('bravo', `${P}/instances`, {})).json().data;
    expect(list.data).toEqual([]);
    expect((await o.post('bravo', `${P}/instances`, { moduleId })).json().data.recordsTotal).toBe(0);
    expect((await o.get('bravo', `${P}/instances/${recordId}`)).statusCode).toBe(404);
    for (const action of ['retry', 'cancel', 'move', 'migrate'])
      expect(
        (await o.post('bravo', `${P}/instances/${recordId}/${action}`, { activityId: 'finance' })).statusCode,
      ).toBe(404);
    expect((await o.get('bravo', `${P}/migration-preview?moduleId=${moduleId}`)).statusCode).toBe(404);
    expect((await o.get('bravo', `${P}/jobs/${jobId}`)).statusCode).toBe(404);
    expect((await o.post('bravo', `${P}/jobs/${jobId}/resume`)).statusCode).toBe(404);
    expect((await o.get('bravo', `${P}/jobs`)).json().data).toEqual([]);
    expect((await o.get('bravo', `/api/Elsa/workflow-definitions/${moduleId}`)).statusCode).toBe(404);
    const imported = await o.post('bravo', '/api/Elsa/workflow-definitions', {
      moduleId,
      definition: { activities: [] },
    });
    expect(imported.statusCode).toBe(404);
    // A bulk job of bravo's over "everything" finds nothing of acme's.
    expect((await o.post('bravo', `${P}/jobs`, { kind: 'cancel', filter: {} })).statusCode).toBe(400);
    expect((await o.get('admin', `/api/EntryModule/${recordId}/detail`)).json().data.workflow_status).toBe('Submitted');
  });

  it('refuses bad input with a clear message', async () => {
    const bad = (url: string, body: object) => o.post('admin', url, body);
    expect((await bad(`${P}/instances/${recordId}/explode`, {})).statusCode).toBe(400);
    const reassignForeign = await bad(`${P}/instances/${recordId}/reassign`, { userId: 'someone-else' });
    expect(reassignForeign.statusCode).toBe(400);
    expect(reassignForeign.json().message).toBe('The selected user is not available.');
    expect((await bad(`${P}/instances/${recordId}/retry`, {})).json()).toEqual({
      success: false,
      message: 'This process has not faulted.',
    });
    expect((await bad(`${P}/instances/nope/cancel`, {})).statusCode).toBe(404);
    expect((await bad(`${P}/jobs`, { kind: 'migrate', filter: {} })).json().message).toBe(
      'Choose the app whose processes to migrate.',
    );
    expect((await bad(`${P}/jobs`, { kind: 'delete', filter: {} })).statusCode).toBe(400);
    expect((await bad(`${P}/instances`, { length: 100000 })).statusCode).toBe(400);
  });
});
