import { beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { publishApp, useOffice } from '../support/office.js';
import { seedClaims, type Claim } from '../api/reports-fixture.js';
import { authUserOf } from '../../src/server/identity/user-info.js';
import { TenantDb } from '../../src/server/tenancy/tenant-db.js';
import { retrievePassages } from '../../src/server/uni-index/retrieve.js';
import type { ModuleDefinition } from '../../schemas/module-definition.js';

/**
 * The assistant's retrieval never hands a user a passage they could not open themselves: records of others (no
 * task), a field hidden at the record's step, an app they may not view, a report not shared with them, and
 * nothing at all of another tenant.
 */
describe.each(await testDialects())('uni retrieval attacks on %s', (dialect) => {
  const o = useOffice(
    dialect,
    [
      { username: 'sam', isFullUser: true },
      { username: 'max', isFullUser: true },
      { username: 'mia', isFullUser: true },
      'reg',
    ],
    { bravo: true },
  );
  let claims: Claim[] = [];
  let payrollId = '';
  let reportId = '';
  const userOf = async (tdb: TenantDb, username: string) =>
    authUserOf(
      await tdb.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow(),
      tdb.tenantId,
    );
  const ask = async (who: string, q: string) => retrievePassages(o.tdb, await userOf(o.tdb, who), q, { limit: 50 });

  beforeAll(async () => {
    ({ claims } = await seedClaims(o, 'sam', ['max', 'mia'], 4));
    const payroll: ModuleDefinition = {
      display_name: 'Payroll',
      fieldGroups: [
        { id: 'g', label: 'G', rows: [{ fields: [{ name: 'salary', label: 'Zanzibar salary', fieldType: 'text' }] }] },
      ],
    } as ModuleDefinition;
    payrollId = await publishApp(o, 'Payroll zanzibar', payroll);
    await o.tdb
      .updateTable('modules')
      .set({ permission: JSON.stringify({ rules: { view: { users: [o.id.mia] }, create: { users: [o.id.mia] } } }) })
      .where('id', '=', payrollId)
      .execute();
    const r = await o.post('sam', '/api/form/report/save', {
      name: 'Quokka quarterly',
      notes: 'quokka totals',
      spec: {
        moduleId: claims.length
          ? (await o.tdb.selectFrom('records').select('module_id').executeTakeFirstOrThrow()).module_id
          : '',
        measures: [{ aggregate: 'count' }],
      },
      sharedWith: [{ kind: 'user', id: o.id.mia }],
    });
    expect(r.statusCode, r.body).toBe(200);
    reportId = r.json().data.id;
  });

  it('gives no passage of a record the user cannot open', async () => {
    // Claim 0 waits for max, claim 1 for mia; reg has no task and created nothing.
    const maxHits = (await ask('max', 'Claim hyperlink')).filter((p) => p.source === 'record');
    expect(maxHits.some((p) => p.link.endsWith(claims[0]!.id))).toBe(true);
    expect(maxHits.some((p) => p.link.endsWith(claims[1]!.id))).toBe(false);
    expect((await ask('reg', 'Claim hyperlink')).filter((p) => p.source === 'record')).toEqual([]);
    const samHits = (await ask('sam', 'Claim')).filter((p) => p.source === 'record');
    expect(samHits.some((p) => p.link.endsWith(claims[1]!.id))).toBe(true);
  });

  it("never answers from a field hidden at the record's step", async () => {
    const indexed = await o.tdb.selectFrom('uni_passages').select('body').where('field', '=', 'secret').execute();
    expect(indexed.map((r) => r.body).sort()).toEqual(['s0', 's1', 's2', 's3']);
    for (const who of ['max', 'mia', 'sam', 'admin']) {
      const hits = await ask(who, 's0 s1 s2 s3');
      expect(hits.filter((p) => p.source === 'record' && p.id.endsWith(':secret'))).toEqual([]);
    }
  });

  it('hides an app, its workflow and its records from who may not view it', async () => {
    expect((await ask('max', 'zanzibar')).filter((p) => p.source !== 'help')).toEqual([]);
    expect((await ask('mia', 'zanzibar')).some((p) => p.source === 'app' && p.id === payrollId)).toBe(true);
  });

  it('gives a report only to whom it is shared with', async () => {
    expect((await ask('max', 'quokka')).filter((p) => p.source === 'report')).toEqual([]);
    expect((await ask('mia', 'quokka')).map((p) => p.id)).toContain(reportId);
    expect((await ask('sam', 'quokka')).map((p) => p.id)).toContain(reportId);
  });

  it("never reaches another tenant's index", async () => {
    const bravoId = (
      await o.t.db.system.selectFrom('tenants').select('id').where('id', '!=', o.tdb.tenantId).executeTakeFirstOrThrow()
    ).id;
    const bravo = new TenantDb(bravoId, o.t.db.forTenant(bravoId));
    const admin = await userOf(bravo, 'admin');
    const hits = await retrievePassages(bravo, admin, 'Claim zanzibar quokka Expense', { limit: 50 });
    expect(hits.filter((p) => p.source !== 'help')).toEqual([]);
    // An acme user handed bravo's database gets help only, never acme rows through it.
    const sam = await userOf(o.tdb, 'sam');
    expect((await retrievePassages(bravo, sam, 'Claim', { limit: 50 })).filter((p) => p.source !== 'help')).toEqual([]);
  });
});
