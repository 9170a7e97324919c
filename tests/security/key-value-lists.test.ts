import { beforeAll, describe, expect, it } from 'vitest';
import { useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';

const L = '/api/form/ListKeyValue';

/** Key-value lists: writes only for designers, nothing across tenants, hostile input taken as plain text. */
describe.each(await testDialects())('key-value list attacks on %s', (dialect) => {
  const o = useOffice(dialect, [{ username: 'dana', isFullUser: true }, 'sam'], { bravo: true });
  let id = '';
  const stored = async () => (await o.get('dana', `${L}/detail?id=${id}`)).json().data;

  beforeAll(async () => {
    const r = await o.post('dana', `${L}/save`, { key_name: 'sizes', values: [{ key: 's', value: 'Small' }] });
    id = r.json().data.id;
  });

  it('refuses a regular user every designer call, and leaves the list as it was', async () => {
    for (const [method, url, body] of [
      ['POST', `${L}/save`, { id, key_name: 'sizes', values: [] }],
      ['POST', `${L}/category/add`, { name: 'Mine' }],
      ['POST', `${L}/delete`, { id }],
      ['GET', `${L}/getList`],
      ['GET', `${L}/detail?id=${id}`],
      ['GET', `${L}/category/list`],
    ] as const) {
      const r = method === 'GET' ? await o.get('sam', url) : await o.post('sam', url, body);
      expect(r.statusCode, url).toBe(403);
    }
    expect((await stored()).values).toEqual([{ key: 's', value: 'Small' }]);
  });

  it("never reads, finds or overwrites another tenant's list, even by its id or key name", async () => {
    expect((await o.get('bravo', `${L}/detail?id=${id}`)).statusCode).toBe(404);
    expect((await o.get('bravo', `${L}/getList?search=sizes`)).json().data).toEqual([]);
    expect((await o.get('bravo', '/api/permissible-list/dataset?key_name=sizes')).statusCode).toBe(404);
    const overwrite = await o.post('bravo', `${L}/save`, { id, key_name: 'sizes', values: [] });
    expect(overwrite.statusCode).toBe(404);
    expect((await o.post('bravo', `${L}/delete`, { id })).statusCode).toBe(404);
    expect((await stored()).values).toHaveLength(1);
  });

  it('takes hostile search text and values as plain text', async () => {
    for (const search of ["' or '1'='1", '%', '_', '\\']) {
      const r = await o.get('dana', `${L}/getList?search=${encodeURIComponent(search)}`);
      expect(r.statusCode).toBe(200);
      expect(r.json().data).toEqual([]);
    }
    const script = '<img src=x onerror=alert(1)>';
    const r = await o.post('dana', `${L}/save`, { id, key_name: 'sizes', values: [{ key: 'x', value: script }] });
    expect(r.json().data.values).toEqual([{ key: 'x', value: script }]);
    const huge = await o.post('dana', `${L}/save`, {
      key_name: 'big',
      values: [{ key: 'k', value: 'v'.repeat(1001) }],
    });
    expect(huge.statusCode).toBe(400);
  });
});
