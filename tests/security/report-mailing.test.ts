import { beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { ACME, BRAVO, useOffice } from '../support/office.js';
import { seedClaims } from '../api/reports-fixture.js';
import { reportSvg } from '../../src/server/reports/mailing/chart.js';

describe.each(await testDialects())('report mailing attacks on %s', (dialect) => {
  const o = useOffice(
    dialect,
    [
      { username: 'sam', isFullUser: true },
      { username: 'max', isFullUser: true },
      { username: 'mia', isFullUser: true },
    ],
    { bravo: true },
  );
  let reportId = '';
  let moduleId = '';
  const S = () => `/api/form/report/${reportId}/schedules`;
  const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    o.t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${o.tok[who]}`, host: who === 'bravo' ? BRAVO : ACME },
      ...(payload ? { payload } : {}),
    });
  const body = (extra: object = {}) => ({
    name: 'Weekly',
    timing: { kind: 'cron', cron: '0 8 * * MON' },
    timeZone: 'UTC',
    recipients: { users: [o.id.sam], emails: [] },
    format: 'xlsx',
    ...extra,
  });

  beforeAll(async () => {
    ({ moduleId } = await seedClaims(o, 'sam', ['max', 'mia'], 4));
    const r = await o.post('sam', '/api/form/report/save', {
      name: 'Claims',
      spec: { moduleId, measures: [{ aggregate: 'count' }] },
      sharedWith: [{ kind: 'user', id: o.id.max }],
    });
    expect(r.statusCode, r.body).toBe(200);
    reportId = r.json().data.id;
  });

  it('refuses a schedule from someone who may only view the report, and hides the owner’s schedules', async () => {
    const mine = await call('sam', 'POST', S(), body());
    expect(mine.statusCode, mine.body).toBe(200);
    const id = mine.json().data.id;
    const r = await call('max', 'POST', S(), body({ recipients: { users: [o.id.max], emails: [] } }));
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({ success: false, message: 'Only who may change this report may schedule it.' });
    expect((await call('max', 'GET', S())).json().data).toEqual([]);
    expect((await call('max', 'PUT', `${S()}/${id}`, body())).statusCode).toBe(403);
    expect((await call('max', 'DELETE', `${S()}/${id}`)).statusCode).toBe(404);
    // Mia cannot open the report at all: it is not found.
    expect((await call('mia', 'GET', S())).statusCode).toBe(404);
  });

  it('keeps tenants apart', async () => {
    expect((await call('bravo', 'GET', S())).statusCode).toBe(404);
    expect(
      (await call('bravo', 'POST', S(), body({ recipients: { users: [], emails: ['x@bravo.test'] } }))).statusCode,
    ).toBe(404);
  });

  it('answers a bad timetable with 400 and a clear message', async () => {
    const bad = async (extra: object) => (await call('sam', 'POST', S(), body(extra))).json();
    expect(await bad({ timing: { kind: 'cron', cron: '61 * * * *' } })).toEqual({
      success: false,
      message: 'Schedule is not valid: Invalid value for minute: 61',
    });
    expect((await bad({ timing: { kind: 'cron', cron: 'every day' } })).message).toMatch(/^Schedule is not valid: /);
    expect((await bad({ timeZone: 'Mars/Olympus' })).message).toBe(
      "Time zone 'Mars/Olympus' is not a time zone (such as Europe/London).",
    );
    expect((await bad({ timing: { kind: 'daily', time: '25:00' } })).message).toBe(
      "Time '25:00' is not a time of day (00:00 to 23:59).",
    );
  });

  it('refuses header injection and outside addresses from non-administrators', async () => {
    const inject = await call(
      'admin',
      'POST',
      S(),
      body({
        recipients: { users: [], emails: ['a@acme.test\r\nBcc: spy@evil.test'] },
      }),
    );
    expect(inject.statusCode).toBe(400);
    expect(inject.json().message).toBe("'a@acme.test  Bcc: spy@evil.test' is not an e-mail address.");
    for (const e of ['a@acme.test,spy@evil.test', '"x" <spy@evil.test>', 'a@acme.test\nBcc:spy@evil.test'])
      expect((await call('admin', 'POST', S(), body({ recipients: { users: [], emails: [e] } }))).statusCode).toBe(400);
    const outside = await call(
      'sam',
      'POST',
      S(),
      body({ recipients: { users: [], emails: ['boss@elsewhere.test'] } }),
    );
    expect(outside.statusCode).toBe(403);
    // The report runs with sam's rights: it may not go to a user it is not shared with.
    const mia = await call('sam', 'POST', S(), body({ recipients: { users: [o.id.mia], emails: [] } }));
    expect(mia.json()).toEqual({ success: false, message: 'mia may not open this report.' });
    const ok = await call('admin', 'POST', S(), body({ recipients: { users: [], emails: ['boss@elsewhere.test'] } }));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('draws tenant text into the mailed picture as text: SVG markup in a record cannot load a file', async () => {
    const markup = '</text><image href="file:///etc/passwd" width="800" height="400"/><text>';
    const r = await o.post('sam', '/api/EntryModule/submit', {
      moduleId,
      data: { title: markup, amount: 1, manager: o.id.max },
    });
    expect(r.json(), r.body).toMatchObject({ success: true });
    for (const spec of [
      { moduleId, columns: ['title', 'amount'], chart: 'table' },
      { moduleId, groupBy: [{ column: 'title' }], measures: [{ aggregate: 'count' }], chart: 'bar' },
    ]) {
      const run = await o.post('sam', '/api/form/report/run', { spec });
      expect(run.statusCode, run.body).toBe(200);
      const svg = reportSvg(run.json().data, spec.chart as 'table', markup);
      expect(svg).not.toMatch(/<image/);
      expect(svg).toContain('&lt;image');
    }
  });
});
