import { beforeAll, describe, expect, it } from 'vitest';
import { useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';

const L = '/api/form/ListKeyValue';
const values = [
  { key: 'travel', value: 'Travel' },
  { key: 'meals', value: 'Meals' },
];

describe.each(await testDialects())('key-value lists on %s', (dialect) => {
  // Dana designs (full user); Sam is a regular user who only fills in forms.
  const o = useOffice(dialect, [{ username: 'dana', isFullUser: true }, 'sam'], { bravo: true });
  let finance = '';
  let list = { id: '', version: 0 };

  beforeAll(async () => {
    const c = await o.post('dana', `${L}/category/add`, { name: 'Finance' });
    expect(c.json(), c.body).toMatchObject({ success: true, data: { category_name: 'Finance' } });
    finance = c.json().data.id;
    const saved = await o.post('dana', `${L}/save`, {
      key_name: 'expense_categories',
      description: 'What a claim is for',
      categories: [finance],
      values,
    });
    expect(saved.json(), saved.body).toMatchObject({ success: true, data: { version: 1 } });
    list = saved.json().data;
  });

  it('lists, finds and shows a list with its categories and values', async () => {
    expect((await o.get('dana', `${L}/category/list`)).json().data).toEqual([
      { id: finance, category_name: 'Finance' },
    ]);
    const all = (await o.get('dana', `${L}/getList`)).json().data;
    expect(all).toEqual([
      expect.objectContaining({
        id: list.id,
        key_name: 'expense_categories',
        description: 'What a claim is for',
        categories: [{ id: finance, category_name: 'Finance' }],
        values,
      }),
    ]);
    expect((await o.get('dana', `${L}/getList?search=CLAIM`)).json().data).toHaveLength(1);
    expect((await o.get('dana', `${L}/getList?search=100%25`)).json().data).toEqual([]);
    expect((await o.get('dana', `${L}/getList?categoryId=${finance}`)).json().data).toHaveLength(1);
    expect((await o.get('dana', `${L}/getList?categoryId=nope`)).json().data).toEqual([]);
    expect((await o.get('dana', `${L}/detail?id=${list.id}`)).json().data).toMatchObject({ id: list.id, values });
    expect((await o.get('dana', `${L}/detail?id=missing`)).json()).toEqual({
      success: false,
      message: 'List not found',
    });
  });

  it('gives any signed-in user the options of a list, by id or by key name', async () => {
    const options = [
      { value: 'travel', label: 'Travel' },
      { value: 'meals', label: 'Meals' },
    ];
    const byKey = await o.get('sam', '/api/permissible-list/dataset?key_name=expense_categories');
    expect(byKey.json()).toMatchObject({ success: true, data: { id: list.id, options } });
    expect((await o.get('sam', `/api/permissible-list/dataset?id=${list.id}`)).json().data.options).toEqual(options);
    const none = await o.get('sam', '/api/permissible-list/dataset');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ success: false, message: 'id or key_name is required' });
  });

  it('replaces a list at the version read, and refuses a save that lost a race', async () => {
    const next = await o.post('dana', `${L}/save`, {
      id: list.id,
      version: list.version,
      key_name: 'expense_categories',
      values: [...values, { key: 'hotel', value: 'Accommodation' }],
    });
    expect(next.json(), next.body).toMatchObject({ success: true, data: { version: 2, categories: [] } });
    const stale = await o.post('dana', `${L}/save`, {
      id: list.id,
      version: list.version,
      key_name: 'expense_categories',
      values,
    });
    expect(stale.statusCode).toBe(409);
    expect((await o.get('dana', `${L}/detail?id=${list.id}`)).json().data.values).toHaveLength(3);
  });

  it('refuses bad lists with a message naming what is wrong, and stores nothing', async () => {
    const bad = async (body: object, message: string) => {
      const r = await o.post('dana', `${L}/save`, { values: [], ...body });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json()).toEqual({ success: false, message });
    };
    await bad({ key_name: 'expense_categories' }, "A list named 'expense_categories' already exists");
    await bad({ key_name: '  ' }, 'Key name is required');
    await bad({ key_name: 'cost$centres' }, 'Key name: Cannot contain special characters');
    await bad(
      {
        key_name: 'sizes',
        values: [
          { key: 's', value: 'S' },
          { key: 's', value: 'Small' },
        ],
      },
      "Value 2: the key 's' is used twice",
    );
    await bad({ key_name: 'sizes', categories: ['gone'] }, 'Category gone does not exist');
    const dup = await o.post('dana', `${L}/category/add`, { name: 'Finance' });
    expect(dup.json()).toEqual({ success: false, message: "A category named 'Finance' already exists" });
    expect((await o.get('dana', `${L}/getList`)).json().data).toHaveLength(1);
  });

  it('deletes a list; its options are then gone', async () => {
    const made = await o.post('dana', `${L}/save`, { key_name: 'temporary', values });
    const id = made.json().data.id;
    expect((await o.post('dana', `${L}/delete`, { id })).json()).toMatchObject({ success: true, data: { id } });
    expect((await o.get('sam', `/api/permissible-list/dataset?id=${id}`)).statusCode).toBe(404);
    expect((await o.post('dana', `${L}/delete`, { id })).json()).toEqual({ success: false, message: 'List not found' });
  });
});
