import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaveRequest } from '../fixtures/definitions.js';
import { ROLE_FLAGS, ROLE_MENUS } from '../fixtures/role-menus.js';
import { TenantDb } from '../../src/server/tenancy/tenant-db.js';
import { bearer, tokenFor } from '../support/auth.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { testDialects } from '../support/databases.js';

const PW = 'Correct-Horse-9';
const A = 'acme.localhost';
const B = 'bravo.localhost';

type Item = { id: string; action_url: string | null; placement: string; disabled?: boolean; children?: Item[] };
const flat = (items: Item[]): string[] => items.flatMap((i) => (i.children ? [i.id, ...flat(i.children)] : [i.id]));

const EXPECTED_MENU: Record<string, readonly string[]> = ROLE_MENUS;
const FLAGS: Record<string, object> = ROLE_FLAGS;

describe.each(await testDialects())('menu, favourites and preferences on %s', (dialect) => {
  let t: TestApp;
  let tenantId = '';
  let admin = '';
  let other = '';
  const tokens: Record<string, string> = {};
  let published = '';
  let draft = '';
  let second = '';

  const req = (method: string, url: string, token: string, payload?: unknown, host = A) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: bearer(token, host),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const createApp = async (name: string, publish: boolean) => {
    const id = (await req('POST', '/api/form/Editor/CreateProcessFromScratch', admin, { name })).json().data
      .id as string;
    if (publish) {
      await req('POST', `/api/form/Editor/SaveForm?id=${id}`, admin, { module: leaveRequest });
      expect((await req('POST', `/api/form/Editor/publish?id=${id}`, admin, {})).json().success).toBe(true);
    }
    return id;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    ({ tenantId } = await t.addTenant('acme', PW));
    await t.addTenant('bravo', PW);
    admin = await tokenFor(t.app, A, 'admin', PW);
    other = await tokenFor(t.app, B, 'admin', PW);
    for (const [kind, flags] of Object.entries(FLAGS)) {
      const r = await req('POST', '/api/people/users', admin, {
        username: kind,
        email: `${kind}@acme.test`,
        fullname: kind,
        password: PW,
        ...flags,
      });
      expect(r.json().success, r.body).toBe(true);
      tokens[kind] = await tokenFor(t.app, A, kind, PW);
    }
    published = await createApp('Leave requests', true);
    second = await createApp('Expenses', true);
    draft = await createApp('Draft only', false);
  });
  afterAll(() => t?.close());

  it('shows each kind of user exactly its menu entries', async () => {
    for (const [kind, expected] of Object.entries(EXPECTED_MENU)) {
      const res = await req('GET', '/api/sys/permissions/menu/sidebar', tokens[kind]!);
      expect(flat(res.json().data), kind).toEqual(expected);
    }
    const admins = (await req('GET', '/api/sys/permissions/menu/sidebar', tokens.sysadmin!)).json().data as Item[];
    expect(admins.find((i) => i.id === 'PROCESS')).toMatchObject({
      action_url: '/process/dashboard',
      placement: 'user',
      new_tab: true,
    });
    expect(flat(admins).length).toBe(EXPECTED_MENU.sysadmin!.length);
    expect(admins.find((i) => i.id === 'SETTINGS')!.children!.find((c) => c.id === 'USER_MANAGEMENT')!.action_url).toBe(
      '/settings/user-management/FULL_USER',
    );
    expect((await t.app.inject({ url: '/api/sys/permissions/menu/sidebar', headers: { host: A } })).statusCode).toBe(
      401,
    );
  });

  it('builds the module tree from published modules grouped by category, and orders the groups', async () => {
    const tdb = new TenantDb(tenantId, t.db.forTenant(tenantId));
    const now = new Date().toISOString();
    await tdb
      .insertInto('module_categories', [
        { id: 'cat-hr', category_name: 'HR', icon: 'people', order_index: 1, created_on: now },
        { id: 'cat-fin', category_name: 'Finance', icon: 'dollar', order_index: 0, created_on: now },
        { id: 'cat-empty', category_name: 'Empty', icon: null, order_index: 2, created_on: now },
      ])
      .execute();
    await tdb
      .updateTable('modules')
      .set({ application_module_category_id: 'cat-hr' })
      .where('id', '=', published)
      .execute();
    const tree = (await req('GET', '/api/sys/permissions/menu/sidebar/tree', tokens.regular!)).json().data;
    expect(tree).toEqual([
      {
        id: 'cat-hr',
        text: 'HR',
        type: 'group',
        icon: 'people',
        description: null,
        children: [{ id: published, text: 'Leave requests', type: 'Module', icon: 'home', description: null }],
      },
      { id: second, text: 'Expenses', type: 'Module', icon: 'home', description: null },
    ]);
    expect(JSON.stringify(tree)).not.toContain(draft);
    expect((await req('GET', '/api/sys/permissions/menu/sidebar/tree', other, undefined, B)).json().data).toEqual([]);

    expect(
      (await req('PUT', '/api/sys/permissions/menu/sidebar/order', tokens.full!, { order: ['cat-hr'] })).statusCode,
    ).toBe(403);
    expect(
      (await req('PUT', '/api/sys/permissions/menu/sidebar/order', admin, { order: ['nope'] })).json().message,
    ).toBe('Failed to order App Group');
    const ok = await req('PUT', '/api/sys/permissions/menu/sidebar/order', tokens.consultant!, {
      order: ['cat-empty', 'cat-hr', 'cat-fin'],
    });
    expect(ok.json()).toEqual({ success: true, message: 'App group order saved' });
    const cats = await tdb
      .selectFrom('module_categories')
      .select(['id', 'order_index'])
      .orderBy('order_index')
      .execute();
    expect(cats.map((c) => c.id)).toEqual(['cat-empty', 'cat-hr', 'cat-fin']);
  });

  it('adds, lists and removes favourites per user', async () => {
    const list = async (token: string) =>
      (await req('GET', '/api/sys/Favourite/list', token)).json().data as { id: string; title: string }[];
    expect(await list(tokens.regular!)).toEqual([]);
    expect((await req('POST', '/api/sys/favourite/add', tokens.regular!, { moduleId: published })).json().success).toBe(
      true,
    );
    await req('POST', '/api/sys/favourite/add', tokens.regular!, { moduleId: published });
    await req('POST', '/api/sys/favourite/add', tokens.regular!, { moduleId: second });
    expect((await list(tokens.regular!)).map((f) => f.title)).toEqual(['Leave requests', 'Expenses']);
    expect((await list(tokens.regular!))[0]).toMatchObject({
      id: published,
      display_name: 'Leave requests',
      category_icon: 'people',
    });
    expect(await list(tokens.full!)).toEqual([]);
    expect(
      (await req('POST', '/api/sys/favourite/remove', tokens.regular!, { moduleId: published })).json().success,
    ).toBe(true);
    expect((await list(tokens.regular!)).map((f) => f.id)).toEqual([second]);
    expect((await req('POST', '/api/sys/favourite/add', tokens.regular!, {})).statusCode).toBe(400);
    expect((await req('POST', '/api/sys/favourite/add', tokens.regular!, { moduleId: 'missing' })).statusCode).toBe(
      404,
    );
    // Another tenant cannot reach this tenant's app.
    expect((await req('POST', '/api/sys/favourite/add', other, { moduleId: second }, B)).statusCode).toBe(404);
  });

  it('keeps quick launch apps and their order', async () => {
    const me = tokens.full!;
    expect((await req('GET', '/api/sys/userpreference/quicklaunch', me)).json().data).toEqual({ apps: [], items: [] });
    expect((await req('PUT', '/api/sys/userpreference/quicklaunch', me, { apps: ['missing'] })).statusCode).toBe(404);
    expect(
      (await req('PUT', '/api/sys/userpreference/quicklaunch', me, { apps: [published, second] })).json().data.apps,
    ).toEqual([published, second]);
    const table = (
      await req('POST', '/api/sys/userpreference/quicklaunchapps/datatables', me, {
        page: 1,
        length: 10,
        search: { value: 'exp' },
      })
    ).json().data;
    expect(table).toMatchObject({
      recordsTotal: 2,
      recordsFiltered: 1,
      data: [{ id: second, display_name: 'Expenses', selected: true, index: 1 }],
    });
    const sorted = await req('PATCH', '/api/sys/user/preference/sortupdate', me, {
      data: [
        { id: second, index: 0 },
        { id: published, index: 1 },
      ],
    });
    expect(sorted.json().data.apps).toEqual([second, published]);
    expect((await req('GET', '/api/sys/userpreference/quicklaunch', me)).json().data.apps).toEqual([second, published]);
    // The panel's tiles: names and icons in the user's order; another user's choice is their own.
    expect((await req('GET', '/api/sys/userpreference/quicklaunch', me)).json().data.items).toEqual([
      { id: second, display_name: 'Expenses', app_icon: 'home' },
      { id: published, display_name: 'Leave requests', app_icon: 'home' },
    ]);
    expect((await req('GET', '/api/sys/userpreference/quicklaunch', tokens.regular!)).json().data.items).toEqual([]);
    expect(
      (await req('PATCH', '/api/sys/user/preference/sortupdate', me, { data: [{ id: draft, index: 0 }] })).statusCode,
    ).toBe(400);
    expect((await req('PATCH', '/api/sys/user/preference/sortupdate', me, { data: 'x' })).statusCode).toBe(400);
  });

  it('answers organisation and user settings with the spec defaults', async () => {
    await t.db.system
      .updateTable('tenants')
      .set({ time_zone: 'GMT Standard Time' })
      .where('id', '=', tenantId)
      .execute();
    t.ctx.tenants.invalidate('acme');
    const expected = {
      time_zone: 'Etc/UTC',
      date_format: 'YYYY-MM-DD',
      datetime_format: 'YYYY-MM-DD HH:mm:ss',
      time_format: 'HH:mm:ss',
    };
    expect((await req('GET', '/api/sys/settings/tenant', tokens.regular!)).json().data).toEqual(expected);
    expect((await req('GET', '/api/sys/settings/user', tokens.regular!)).json().data).toEqual(expected);
    expect((await req('PUT', '/api/sys/settings/tenant', tokens.full!, { date_format: 'DD-MM-YYYY' })).statusCode).toBe(
      403,
    );
    expect((await req('PUT', '/api/sys/settings/tenant', admin, { date_format: 'DD/MM/YY' })).statusCode).toBe(400);
    const saved = await req('PUT', '/api/sys/settings/tenant', admin, {
      date_format: 'DD-MM-YYYY',
      time_zone: 'Europe/London',
    });
    expect(saved.json().data).toEqual({
      time_zone: 'Europe/London',
      date_format: 'DD-MM-YYYY',
      datetime_format: 'DD-MM-YYYY HH:mm:ss',
      time_format: 'HH:mm:ss',
    });
    // The user's own choices win over the organisation's.
    const profile = await req('PUT', '/api/sys/user/profile', tokens.regular!, {
      timezone: 'Asia/Tokyo',
      date_format: 'MM-DD-YYYY',
      launch_page: 'apps',
      language: 'de',
    });
    expect(profile.json().data).toMatchObject({
      date_format: 'MM-DD-YYYY',
      preference: { launch_page: 'apps', language: 'de', timezone: 'Asia/Tokyo' },
    });
    expect((await req('GET', '/api/sys/settings/user', tokens.regular!)).json().data).toEqual({
      time_zone: 'Asia/Tokyo',
      date_format: 'MM-DD-YYYY',
      datetime_format: 'MM-DD-YYYY HH:mm:ss',
      time_format: 'HH:mm:ss',
    });
    expect((await req('GET', '/api/sys/settings/user', tokens.full!)).json().data.date_format).toBe('DD-MM-YYYY');
  });

  it('saves the profile and the avatar with validation', async () => {
    const me = tokens.consultant!;
    const put = (body: object) => req('PUT', '/api/sys/user/profile', me, body);
    expect((await put({ launch_page: 'nowhere' })).statusCode).toBe(400);
    expect((await put({ timezone: 'Mars/Base' })).json().message).toBe("Unknown time zone 'Mars/Base'.");
    expect((await put({ email: 'bad' })).json().message).toBe('Email is not valid');
    expect((await put({ fullname: '' })).statusCode).toBe(400);
    expect(
      (
        await put({ fullname: 'Connie Consultant', email: 'connie@acme.test', launch_page: 'dashboard-and-reports' })
      ).json().data,
    ).toMatchObject({
      fullname: 'Connie Consultant',
      email: 'connie@acme.test',
      preference: { launch_page: 'dashboard-and-reports' },
    });
    expect((await req('GET', '/api/sys/user/profile', me)).json().data).toMatchObject({
      launch_page: 'dashboard-and-reports',
      has_avatar: false,
    });
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    expect((await req('POST', '/api/sys/user/avatar', me, { image: 'data:text/html;base64,PHA+' })).statusCode).toBe(
      400,
    );
    expect(
      (await req('POST', '/api/sys/user/avatar', me, { image: `data:image/png;base64,${png}` })).json().success,
    ).toBe(true);
    const uid = (await req('GET', '/api/identity/manageauthenticator/userinfo', me)).json().data.uid;
    const pic = await t.app.inject({
      url: `/api/sys/User/ProfilePicture?id=${uid}&x-token=${encodeURIComponent(me)}`,
      headers: { host: A },
    });
    expect([pic.statusCode, pic.headers['content-type']]).toEqual([200, 'image/png']);
    expect(pic.rawPayload.equals(Buffer.from(png, 'base64'))).toBe(true);
    expect(
      (await t.app.inject({ url: `/api/sys/User/ProfilePicture?id=${uid}`, headers: { host: A } })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          url: `/api/sys/User/ProfilePicture?id=${uid}&x-token=${encodeURIComponent(other)}`,
          headers: { host: A },
        })
      ).statusCode,
    ).toBe(401);
  });
});
