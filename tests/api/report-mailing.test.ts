import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { openDatabase, type Database } from '../../src/server/db/database.js';
import { nextCronRun } from '../../src/server/scheduler/cron.js';
import { bearer } from '../support/auth.js';
import { startOffice, type Office } from '../support/office.js';
import { startSmtp, type ReceivedMail } from '../support/smtp.js';
import { testDialects } from '../support/databases.js';
import { seedClaims, type Claim } from './reports-fixture.js';

/** An attachment of a received mail by file extension, decoded from base64. */
export function attachmentOf(raw: string, ext: string): Buffer | undefined {
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const [head = '', body = ''] = part.split(/\r?\n\r?\n/, 2);
    const headers = head.replace(/\r?\n[ \t]+/g, ' ');
    if (new RegExp(`filename="?[^";]*\\.${ext}"?(;|$|\\s)`).test(headers) && /base64/i.test(headers))
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  }
  return undefined;
}

async function sheetRows(xlsx: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx as never);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

describe.each(await testDialects())('report mailing on %s', (dialect) => {
  let o: Office;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let claims: Claim[] = [];
  let moduleId = '';
  const reports: Record<string, string> = {};
  const nodes: { app: FastifyInstance; db: Database }[] = [];
  const S = (id: string) => `/api/form/report/${id}/schedules`;
  const send = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    o.t.app.inject({ method, url, headers: bearer(o.tok[who]!, 'acme.localhost'), ...(payload ? { payload } : {}) });
  /** Another server node on the same database (or the same server after a restart). */
  async function node() {
    const db = openDatabase(o.t.config);
    const { app } = await buildApp({ config: o.t.config, db, logger: false });
    nodes.push({ app, db });
    return app;
  }
  const schedule = (extra: object = {}) => ({
    name: 'Morning figures',
    timing: { kind: 'daily', time: '07:00' },
    timeZone: 'Europe/Berlin',
    recipients: { users: [o.id.sam, o.id.max], emails: [] },
    format: 'xlsx',
    ...extra,
  });
  const mailsTo = (addr: string) => smtp.mails.filter((m) => m.to.includes(addr));
  const deliver = async () => {
    await o.t.ctx.outbox.drain();
    await o.t.ctx.outbox.drain();
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    o = await startOffice(
      dialect,
      [
        { username: 'sam', isFullUser: true },
        { username: 'max', isFullUser: true },
        { username: 'mia', isFullUser: true },
        { username: 'leo', isFullUser: true },
      ],
      { env: { SMTP_URL: smtp.url } },
    );
    ({ moduleId, claims } = await seedClaims(o, 'sam', ['max', 'mia'], 24));
    const spec = {
      moduleId,
      groupBy: [{ column: 'region' }],
      measures: [{ aggregate: 'count' }, { aggregate: 'sum', column: 'amount' }],
      chart: 'bar',
    };
    for (const [who, name] of [
      ['sam', 'Claims by region'],
      ['max', 'My claims by region'],
      ['leo', 'Leo claims'],
    ] as const) {
      const r = await o.post(who, '/api/form/report/save', {
        name,
        spec,
        sharedWith: who === 'sam' ? [{ kind: 'user', id: o.id.max }] : [],
      });
      expect(r.statusCode, r.body).toBe(200);
      reports[who] = r.json().data.id;
    }
  }, 180_000);
  afterAll(async () => {
    for (const n of nodes) {
      await n.app.close();
      await n.db.close();
    }
    await o?.t.close();
    await smtp?.close();
  });

  it('mails the XLSX with the figures and the chart at the controlled time, once across two nodes', async () => {
    const saved = await send('sam', 'POST', S(reports.sam!), schedule());
    expect(saved.statusCode, saved.body).toBe(200);
    const s = saved.json().data;
    const due = nextCronRun('0 7 * * *', 'Europe/Berlin', new Date())!;
    expect(s).toMatchObject({ cron: '0 7 * * *', active: true, nextRunOn: due.toISOString(), runs: [] });

    const second = await node();
    expect(await o.t.app.reportMailer.tick(new Date(due.getTime() - 1000))).toBe(0);
    const at = new Date(due.getTime() + 500);
    const ran = await Promise.all([o.t.app.reportMailer.tick(at), second.reportMailer.tick(at)]);
    expect(ran[0] + ran[1]).toBe(1);
    // A late tick of either node for the same time finds nothing left to do.
    expect(await second.reportMailer.tick(at)).toBe(0);
    await deliver();
    const mail = await smtp.waitFor((m) => m.to.includes('sam@acme.test'));
    await smtp.waitFor((m) => m.to.includes('max@acme.test'));
    expect(mailsTo('sam@acme.test')).toHaveLength(1);

    const rows = await sheetRows(attachmentOf(mail.raw, 'xlsx')!);
    expect(rows[0]).toEqual(['Region', 'Count', 'Sum of Amount']);
    const byRegion = new Map<unknown, Claim[]>();
    for (const c of claims) byRegion.set(c.region ?? undefined, [...(byRegion.get(c.region ?? undefined) ?? []), c]);
    for (const [region, cs] of byRegion) {
      const row = rows.find((r) => r[0] === region && r !== rows[rows.length - 1])!;
      expect(row[1]).toBe(cs.length);
      expect(Number(row[2])).toBeCloseTo(
        cs.reduce((a, c) => a + c.amount, 0),
        6,
      );
    }
    expect(rows[rows.length - 1]![1]).toBe(claims.length);
    const png = attachmentOf(mail.raw, 'png')!;
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.length).toBeGreaterThan(2000);
    expect(mail.raw).toContain('cid:chart@report');

    const listed = (await send('sam', 'GET', S(reports.sam!))).json().data;
    expect(listed).toHaveLength(1);
    expect(listed[0].runs).toMatchObject([{ rows: byRegion.size + 1, recipients: 2, error: null }]);
    expect(listed[0].nextRunOn).toBe(nextCronRun('0 7 * * *', 'Europe/Berlin', at)!.toISOString());
  });

  it('keeps the next run across a restart, and the restarted node mails it', async () => {
    const [s] = (await send('sam', 'GET', S(reports.sam!))).json().data;
    const next = new Date(s.nextRunOn);
    const before = mailsTo('sam@acme.test').length;
    const restarted = await node();
    const seen = await restarted.inject({
      url: S(reports.sam!),
      headers: bearer(o.tok.sam!, 'acme.localhost'),
    });
    expect(seen.json().data[0].nextRunOn).toBe(s.nextRunOn);
    expect(await restarted.reportMailer.tick(new Date(next.getTime() + 1000))).toBe(1);
    await deliver();
    await smtp.waitFor(() => mailsTo('sam@acme.test').length === before + 1);
  });

  it("runs as the schedule's owner: a viewer's schedule mails only what the viewer may see", async () => {
    const saved = await send(
      'max',
      'POST',
      S(reports.max!),
      schedule({ recipients: { users: [o.id.max], emails: [] } }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const due = new Date(saved.json().data.nextRunOn);
    expect(await o.t.app.reportMailer.tick(new Date(due.getTime() + 1000))).toBeGreaterThanOrEqual(1);
    await deliver();
    const m: ReceivedMail = await smtp.waitFor(
      (x) => x.to.includes('max@acme.test') && /filename="?My_claims_by_region/.test(x.raw),
    );
    const rows = await sheetRows(attachmentOf(m.raw, 'xlsx')!);
    const mine = claims.filter((c) => c.manager === o.id.max);
    expect(mine.length).toBeLessThan(claims.length);
    expect(rows[rows.length - 1]![1]).toBe(mine.length);
  });

  it('logs a failing run with its error and shows it on the schedule', async () => {
    const saved = await send(
      'leo',
      'POST',
      S(reports.leo!),
      schedule({ recipients: { users: [o.id.leo], emails: [] } }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    await o.tdb.updateTable('users').set({ status: 'inactive' }).where('id', '=', o.id.leo!).execute();
    const due = new Date(saved.json().data.nextRunOn);
    await o.t.app.reportMailer.tick(new Date(due.getTime() + 1000));
    await o.tdb.updateTable('users').set({ status: 'active' }).where('id', '=', o.id.leo!).execute();
    const [s] = (await send('admin', 'GET', S(reports.leo!))).json().data;
    expect(s.lastError).toBe('The owner of this schedule is no longer an active user.');
    expect(s.runs[0]).toMatchObject({ rows: 0, recipients: 0, error: s.lastError });
    // Deleting the report deletes its mailings and their log.
    expect((await send('leo', 'DELETE', `/api/form/report/${reports.leo}`)).statusCode).toBe(200);
    const left = await o.tdb
      .selectFrom('report_schedules')
      .select('id')
      .where('report_id', '=', reports.leo!)
      .execute();
    const logged = await o.tdb
      .selectFrom('report_schedule_runs')
      .select('id')
      .where('schedule_id', '=', s.id)
      .execute();
    expect([left, logged]).toEqual([[], []]);
  });

  it('mails a picture of what the viewer shows for every chart kind: key figures with their trend, and the table', async () => {
    const pngOf = async (name: string, spec: object) => {
      const saved = await o.post('sam', '/api/form/report/save', { name, spec: { moduleId, ...spec } });
      expect(saved.statusCode, saved.body).toBe(200);
      const id = saved.json().data.id;
      const s = await send('sam', 'POST', S(id), schedule({ recipients: { users: [o.id.sam], emails: [] } }));
      expect(s.statusCode, s.body).toBe(200);
      await o.t.app.reportMailer.tick(new Date(new Date(s.json().data.nextRunOn).getTime() + 1000));
      await deliver();
      const file = name.replace(/\W+/g, '_');
      const mail = await smtp.waitFor((m) => m.to.includes('sam@acme.test') && m.raw.includes(`${file}-`));
      const png = attachmentOf(mail.raw, 'png')!;
      expect(png.subarray(0, 8).toString('hex'), name).toBe('89504e470d0a1a0a');
      expect(mail.raw).toContain('cid:chart@report');
      // Width and height from the PNG header.
      return [png.readUInt32BE(16), png.readUInt32BE(20)];
    };
    const regions = new Set(claims.map((c) => c.region ?? null)).size;
    const measures = [{ aggregate: 'count' }, { aggregate: 'sum', column: 'amount' }];
    // Bars, lines, areas and pies: the ECharts picture.
    for (const chart of ['line', 'area', 'pie'])
      expect(await pngOf(`Claims ${chart}`, { groupBy: [{ column: 'region' }], measures, chart })).toEqual([800, 400]);
    // The key figures: one card per measure (two side by side).
    expect(await pngOf('Claims KPI', { groupBy: [{ column: 'region' }], measures, chart: 'kpi' })).toEqual([488, 202]);
    // The table: a header, one line per group row and the grand total.
    const [, h] = await pngOf('Claims table', { groupBy: [{ column: 'region' }], measures, chart: 'table' });
    expect(h).toBe(56 + 26 * (regions + 2) + 16);
    // A flat list without a chart is shown as its table too.
    const [, flat] = await pngOf('Claims list', { columns: ['title', 'amount'], chart: 'none' });
    expect(flat).toBe(56 + 26 * (Math.min(25, claims.length) + 1) + 16 + (claims.length > 25 ? 20 : 0));
  });

  it('edits keep the next run unless the timetable changes; delete removes the schedule', async () => {
    const [s] = (await send('sam', 'GET', S(reports.sam!))).json().data;
    const renamed = await send('sam', 'PUT', `${S(reports.sam!)}/${s.id}`, schedule({ name: 'Renamed' }));
    expect(renamed.json(), renamed.body).toMatchObject({ success: true, data: { nextRunOn: s.nextRunOn } });
    const weekly = await send(
      'sam',
      'PUT',
      `${S(reports.sam!)}/${s.id}`,
      schedule({
        timing: { kind: 'weekly', time: '06:30', weekday: 1 },
        format: 'csv',
      }),
    );
    expect(weekly.json().data).toMatchObject({ cron: '30 6 * * 1', format: 'csv' });
    const gone = await send('sam', 'DELETE', `${S(reports.sam!)}/${s.id}`);
    expect(gone.json(), gone.body).toMatchObject({ success: true });
    expect((await send('sam', 'GET', S(reports.sam!))).json().data).toEqual([]);
  });
});
