import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.js';
import { objectParams, param, rowParams } from './prepared-query.js';
import { createTenant } from '../tenancy/admin.js';
import { TenantDb } from '../tenancy/tenant-db.js';
import { migratedDatabase, testDialects } from '../../../tests/support/databases.js';

describe.each(await testDialects())('queries prepared per shape on %s', (dialect) => {
  let db: Database;
  const t: TenantDb[] = [];
  beforeAll(async () => {
    db = await migratedDatabase(dialect);
    for (const domain of ['shape-a', 'shape-b']) {
      const { tenantId } = await createTenant(db, {
        domain,
        name: domain,
        adminUser: 'admin',
        adminEmail: `admin@${domain}.test`,
        adminPassword: 'Prepared-Pass-1',
      });
      t.push(new TenantDb(tenantId, db.forTenant(tenantId)));
    }
  });
  afterAll(() => db?.close());

  const byName = (tdb: TenantDb, username: string) =>
    tdb.prepared(
      'test.userByName',
      (x) => x.selectFrom('users').select(['tenant_id', 'username']).where('username', '=', param('name')),
      { name: username },
    );

  it('fills the tenant and the values anew each time, so one template serves every tenant', async () => {
    for (let round = 0; round < 2; round++)
      for (const tdb of t)
        expect((await byName(tdb, 'admin')).rows).toEqual([{ tenant_id: tdb.tenantId, username: 'admin' }]);
    expect((await byName(t[0]!, 'nobody')).rows).toEqual([]);
  });

  it('writes rows and sets of one shape through one template, values in their places', async () => {
    const now = new Date().toISOString();
    const team = (id: string, name: string) => ({ id, name, created_by: 'u', created_on: now, modified_on: now });
    const insert = async (tdb: TenantDb, rows: ReturnType<typeof team>[]) => {
      const p = rowParams(rows);
      await tdb.prepared(`test.teams:${p.shape}`, (x) => x.insertInto('teams', p.rows), p.values);
    };
    await insert(t[0]!, [team('t1', 'One'), team('t2', 'Two')]);
    await insert(t[1]!, [team('t3', 'Three'), team('t4', 'Four')]);
    const rename = async (tdb: TenantDb, id: string, set: { name: string; description?: string | null }) => {
      const values: Record<string, unknown> = { id };
      const s = objectParams(set, 's.', values);
      return tdb.prepared(
        `test.renameTeam:${s.shape}`,
        (x) => x.updateTable('teams').set(s.row).where('id', '=', param('id')),
        values,
      );
    };
    expect(Number((await rename(t[0]!, 't2', { name: 'Second', description: undefined })).numAffectedRows)).toBe(1);
    // Another tenant's row is out of reach of the same template.
    expect(Number((await rename(t[1]!, 't1', { name: 'Stolen' })).numAffectedRows)).toBe(0);
    const names = async (tdb: TenantDb) =>
      (await tdb.selectFrom('teams').select('name').orderBy('id').execute()).map((r) => r.name);
    expect(await names(t[0]!)).toEqual(['One', 'Second']);
    expect(await names(t[1]!)).toEqual(['Three', 'Four']);
  });

  it('runs a batch of writes (one statement on PostgreSQL) and counts what each affected', async () => {
    const now = new Date().toISOString();
    const tdb = t[0]!;
    const rename = {
      key: 'test.batch.rename',
      build: (x: TenantDb) =>
        x
          .updateTable('teams')
          .set({ name: param('name') })
          .where('id', '=', param('id'))
          .where('name', '=', param('was')),
      mustAffect: true,
    };
    const add = {
      key: 'test.batch.add',
      build: (x: TenantDb) =>
        x.insertInto('teams', {
          id: param('newId'),
          name: param('newName'),
          created_by: 'u',
          created_on: param('now'),
          modified_on: param('now'),
        }),
    };
    await tdb
      .insertInto('teams', { id: 'b1', name: 'Before', created_by: 'u', created_on: now, modified_on: now })
      .execute();
    const values = { id: 'b1', was: 'Before', name: 'After', newId: 'b-After', newName: 'After copy', now };
    expect(await tdb.writeBatch([rename, add], values)).toEqual([1, 1]);
    // A stale condition affects nothing; the caller rolls back (as the engine does), whatever ran after it.
    await expect(
      tdb.transaction(async (tx) => {
        const counts = await tx.writeBatch([rename, add], { ...values, name: 'Again', newId: 'b-Again', newName: 'x' });
        expect(counts[0]).toBe(0);
        throw new Error('stale');
      }),
    ).rejects.toThrow('stale');
    const rows = await tdb.selectFrom('teams').select(['id', 'name']).where('id', 'like', 'b%').orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'b-After', name: 'After copy' },
      { id: 'b1', name: 'After' },
    ]);
  });

  it('refuses to run with a value missing rather than send a placeholder to the database', async () => {
    await expect(
      t[0]!.prepared('test.missing', (x) => x.selectFrom('users').select('id').where('id', '=', param('id')), {}),
    ).rejects.toThrow('no value for id');
  });
});
