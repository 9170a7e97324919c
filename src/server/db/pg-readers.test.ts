import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.js';
import { createTenants, migratedDatabase, testDialects } from '../../../tests/support/databases.js';

const dialects = (await testDialects()).filter((d) => d === 'postgres');

describe.each(dialects)('reader threads on %s', (dialect) => {
  let db: Database;
  let dir: string;
  const tenants: string[] = [];
  beforeAll(async () => {
    // One connection per thread, so a thread's reads for different tenants share a connection.
    db = await migratedDatabase(dialect, { poolSize: 1 });
    tenants.push(...(await createTenants(db, ['read-a', 'read-b'])));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ff-pg-readers-'));
  });
  afterAll(async () => {
    await db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('read several statements at once, each with the rows of the tenant it is read for', async () => {
    const readers = db.pageReaders!;
    const admins = (tenantId: string) =>
      readers.all<{ tenant_id: string }>(`select tenant_id from users where username = $1`, ['admin'], tenantId);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => admins(tenants[i % 2]!)));
    answers.forEach((rows, i) => expect(rows).toEqual([{ tenant_id: tenants[i % 2] }]));
  });

  it('give a shaping module the rows as arrays with their column names', async () => {
    const shaper = path.join(dir, 'shape.mjs');
    fs.writeFileSync(shaper, 'export default (rows, options, columns) => ({ columns, rows, options });');
    const shaped = await db.pageReaders!.shaped<{ columns: string[]; rows: unknown[][]; options: unknown }>(
      `select username, 2 as n from users where username = $1`,
      ['admin'],
      { module: pathToFileURL(shaper).href, options: { x: 1 } },
      tenants[0],
    );
    expect(shaped).toEqual({ columns: ['username', 'n'], rows: [['admin', 2]], options: { x: 1 } });
  });

  it('pass errors on with their code and keep answering after them', async () => {
    const readers = db.pageReaders!;
    await expect(readers.all(`select * from missing_table`, [], tenants[0])).rejects.toMatchObject({
      code: '42P01',
    });
    expect(
      await readers.all(`select count(*)::int as c from users where username = $1`, ['admin'], tenants[1]),
    ).toEqual([{ c: 1 }]);
  });
});
