import { beforeAll, describe, expect, it } from 'vitest';
import { leaveRequest, twoStepApproval } from '../fixtures/definitions.js';
import { publishApp, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';

const P = '/api/workflow/permissible-fields';

describe.each(await testDialects())('permissible fields on %s', (dialect) => {
  const o = useOffice(dialect, [{ username: 'dana', isFullUser: true }, 'sam'], { bravo: true });
  let moduleId = '';
  const access = async (step?: string) => {
    const r = await o.get('dana', `${P}?moduleId=${moduleId}${step ? `&activityId=${step}` : ''}`);
    expect(r.json(), r.body).toMatchObject({ success: true });
    return Object.fromEntries(
      (r.json().data.fields as { name: string; access: string }[]).map((f) => [f.name, f.access]),
    );
  };

  beforeAll(async () => {
    moduleId = await publishApp(o, 'Leave', leaveRequest, twoStepApproval);
  });

  it("explains each step's field rules as the record form applies them", async () => {
    const start = await access();
    expect(start).toMatchObject({ full_name: 'editable', secret: 'editable', notes: 'editable' });
    const manager = await access('manager');
    // The manager's step: the applicant section read-only, one field hidden, notes editable.
    expect(manager).toMatchObject({ full_name: 'readonly', secret: 'hidden', notes: 'editable' });
    const done = await access('fs-complete');
    expect(done).toMatchObject({ full_name: 'readonly', kind: 'readonly' });
    const first = (await o.get('dana', `${P}?moduleId=${moduleId}`)).json().data;
    expect(first).toMatchObject({ moduleId, version: 1, step: 'fs-start' });
    expect(first.fields[0]).toEqual({ name: first.fields[0].name, label: expect.any(String), access: 'editable' });
  });

  it('refuses an unknown step, an unknown app, other tenants and people who do not design', async () => {
    const step = await o.get('dana', `${P}?moduleId=${moduleId}&activityId=nowhere`);
    expect(step.json()).toEqual({ success: false, message: "'nowhere' is not a step of this app's workflow" });
    expect((await o.get('dana', `${P}?moduleId=missing`)).statusCode).toBe(404);
    expect((await o.get('bravo', `${P}?moduleId=${moduleId}`)).statusCode).toBe(404);
    expect((await o.get('sam', `${P}?moduleId=${moduleId}`)).statusCode).toBe(403);
  });
});
