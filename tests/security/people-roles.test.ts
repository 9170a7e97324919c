import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/auth.js';
import { useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';

const PW = 'Correct-Horse-9';
const A = 'acme.localhost';
const DENIED = { success: false, message: 'You do not have permission to do this.' };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `{ a: { a: ... } }`, `levels` objects deep. */
const nested = (levels: number): object => (levels <= 1 ? { a: 1 } : { a: nested(levels - 1) });

/**
 * Attacks on people and settings management: users without a managing role try every management route (and get
 * 403, with nothing changed), and managers send malformed input (each a 400 naming the field, never a 500).
 */
describe.each(await testDialects())('people and settings management under attack on %s', (dialect) => {
  const o = useOffice(dialect, [
    { username: 'rita', fullname: 'Rita' },
    { username: 'fay', fullname: 'Fay', isFullUser: true },
  ]);
  let admin = '';
  let regular = '';
  let full = '';
  let regularId = '';
  let teamId = '';

  const send = (method: Method, url: string, token: string, payload?: unknown) =>
    o.t.app.inject({
      method,
      url,
      headers: { ...bearer(token, A), ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}) },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });

  beforeAll(async () => {
    regularId = o.id.rita!;
    [admin, regular, full] = o.tokensOf('admin', 'rita', 'fay');
    const team = await send('POST', '/api/people/teams', admin, { name: 'Finance' });
    teamId = team.json().data.id;
  });

  // Every management route, each with a body that a manager would get through with.
  const managementCalls = (): [Method, string, unknown?][] => [
    ['GET', '/api/people/users'],
    ['GET', `/api/people/users/${regularId}`],
    [
      'POST',
      '/api/people/users',
      { username: 'mallory', email: 'm@acme.test', fullname: 'Mallory', password: PW, isSysAdmin: true },
    ],
    ['PUT', `/api/people/users/${regularId}`, { isSysAdmin: true, isAdministrator: true }],
    ['POST', `/api/people/users/${regularId}/deactivate`, {}],
    ['POST', `/api/people/users/${regularId}/reactivate`, {}],
    ['GET', '/api/people/teams'],
    ['GET', `/api/people/teams/${teamId}`],
    ['POST', '/api/people/teams', { name: 'Takeover' }],
    ['PUT', `/api/people/teams/${teamId}`, { name: 'Renamed' }],
    ['POST', `/api/people/teams/${teamId}/members`, { userId: regularId }],
    ['DELETE', `/api/people/teams/${teamId}/members/${regularId}`],
    ['DELETE', `/api/people/teams/${teamId}`],
    ['PUT', '/api/sys/settings/tenant', { time_zone: 'Asia/Tokyo', date_format: 'MM-DD-YYYY' }],
    ['POST', '/api/sys/organization/setorganizationtimezone', { timezone: 'Asia/Tokyo' }],
    ['PUT', '/api/sys/permissions/menu/sidebar/order', { order: [] }],
  ];

  it('answers 403 to regular and full users on every management route, and changes nothing', async () => {
    for (const [who, token] of [
      ['regular', regular],
      ['full', full],
    ] as const)
      for (const [method, url, body] of managementCalls()) {
        const res = await send(method, url, token, body);
        expect([res.statusCode, res.json()], `${who} ${method} ${url}`).toEqual([403, DENIED]);
      }
    // Refused before the body is read: malformed input tells an outsider nothing either.
    const bad = await send('POST', '/api/people/users', regular, { username: 42 });
    expect([bad.statusCode, bad.json()]).toEqual([403, DENIED]);
    expect((await send('GET', '/api/people/teams/lookup', regular)).statusCode).toBe(403);

    const rita = await o.tdb.selectFrom('users').selectAll().where('id', '=', regularId).executeTakeFirstOrThrow();
    expect([rita.is_sys_admin, rita.is_administrator, rita.status]).toEqual([0, 0, 'active']);
    expect(
      await o.tdb.selectFrom('users').select('id').where('username', '=', 'mallory').executeTakeFirst(),
    ).toBeUndefined();
    const teams = await o.tdb.selectFrom('teams').select(['id', 'name']).execute();
    expect(teams).toEqual([{ id: teamId, name: 'Finance' }]);
    const settings = (await send('GET', '/api/sys/settings/tenant', regular)).json().data;
    expect(settings).toMatchObject({ time_zone: 'Etc/UTC', date_format: 'YYYY-MM-DD' });
  });

  it('refuses malformed input with 400 naming the field, never 500', async () => {
    const huge = 'x'.repeat(100_000);
    const cases: [Method, string, unknown, string][] = [
      // users
      ['POST', '/api/people/users', { email: 'a@acme.test', fullname: 'A' }, 'username is required'],
      ['POST', '/api/people/users', { username: 42, email: 'a@acme.test', fullname: 'A' }, 'username must be string'],
      [
        'POST',
        '/api/people/users',
        { username: huge, email: 'a@acme.test', fullname: 'A' },
        'username must NOT have more than',
      ],
      [
        'POST',
        '/api/people/users',
        { username: 'a', email: 'a@acme.test', fullname: 'A', isSysAdmin: 'yes' },
        'isSysAdmin must be boolean',
      ],
      [
        'POST',
        '/api/people/users',
        { username: 'a', email: 'a@acme.test', fullname: 'A', license: 'GOLD' },
        'license must be one of',
      ],
      [
        'POST',
        '/api/people/users',
        { username: nested(20), email: 'a@acme.test', fullname: 'A' },
        'username must be string',
      ],
      ['POST', '/api/people/users', [], 'body must be object'],
      ['PUT', `/api/people/users/${regularId}`, { email: ['a@acme.test'] }, 'email must be string'],
      ['PUT', `/api/people/users/${regularId}`, { fullname: huge }, 'fullname must NOT have more than'],
      ['PUT', `/api/people/users/${regularId}`, { password: { $gt: '' } }, 'password must be string'],
      ['GET', '/api/people/users?page=0', undefined, 'page must be >= 1'],
      ['GET', '/api/people/users?length=100000', undefined, 'length must be <= 100'],
      ['GET', '/api/people/users?license=GOLD', undefined, 'license must be one of'],
      ['GET', `/api/people/users?search=${'s'.repeat(300)}`, undefined, 'search must NOT have more than'],
      // teams
      ['POST', '/api/people/teams', {}, 'name is required'],
      ['POST', '/api/people/teams', { name: { toString: 'x' } }, 'name must be string'],
      ['PUT', `/api/people/teams/${teamId}`, { name: huge }, 'name must NOT have more than'],
      ['POST', `/api/people/teams/${teamId}/members`, {}, 'userId is required'],
      ['POST', `/api/people/teams/${teamId}/members`, { userId: 7 }, 'userId must be string'],
      // organisation and menu settings
      ['PUT', '/api/sys/settings/tenant', { date_format: 5 }, 'date_format must be'],
      ['PUT', '/api/sys/settings/tenant', { date_format: 'DD/MM/YY' }, 'date_format must be one of'],
      ['PUT', '/api/sys/settings/tenant', { time_zone: huge }, 'time_zone must NOT have more than'],
      ['PUT', '/api/sys/permissions/menu/sidebar/order', {}, 'order is required'],
      ['PUT', '/api/sys/permissions/menu/sidebar/order', { order: 'cat-1' }, 'order must be array'],
      ['PUT', '/api/sys/permissions/menu/sidebar/order', { order: [nested(5)] }, 'order.0 must be string'],
      // the caller's own preferences and profile
      ['POST', '/api/sys/favourite/add', { moduleId: 5 }, 'moduleId must be string'],
      ['PUT', '/api/sys/userpreference/quicklaunch', { apps: [1] }, 'apps.0 must be string'],
      ['PUT', '/api/sys/userpreference/quicklaunch', { apps: Array(1000).fill('m') }, 'apps must NOT have more than'],
      ['PATCH', '/api/sys/user/preference/sortupdate', { data: [{ id: 'a' }] }, 'data.0.index is required'],
      ['PUT', '/api/sys/user/profile', { launch_page: 'admin' }, 'launch_page must be one of'],
      ['PUT', '/api/sys/user/profile', { email: huge }, 'email must NOT have more than'],
      ['POST', '/api/sys/user/avatar', {}, 'image is required'],
      ['POST', '/api/sys/user/avatar', { image: 5 }, 'image must be string'],
    ];
    for (const [method, url, body, message] of cases) {
      const res = await send(method, url, admin, body);
      const what = `${method} ${url.slice(0, 80)} ${JSON.stringify(body)?.slice(0, 80)}`;
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toMatchObject({ success: false, message: expect.stringContaining(message) });
    }
  });

  it('refuses ids past their bound as a client error in the envelope', async () => {
    // The router itself refuses path parameters longer than 100 characters (414); the schema bounds the rest.
    const long = await send('PUT', `/api/people/users/${'i'.repeat(101)}`, admin, {});
    expect([long.statusCode, long.json()]).toEqual([
      414,
      { success: false, message: 'A part of the address is too long.' },
    ]);
    const member = await send('POST', `/api/people/teams/${teamId}/members`, admin, { userId: 'u'.repeat(101) });
    expect([member.statusCode, member.json()]).toEqual([
      400,
      { success: false, message: 'userId must NOT have more than 100 characters.' },
    ]);
  });

  it('refuses bodies nested past the limit before any handler', async () => {
    const deep = JSON.stringify({ username: nested(200), email: 'a@acme.test', fullname: 'A' });
    for (const url of ['/api/people/users', '/api/people/teams']) {
      const res = await send('POST', url, admin, deep);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toContain('nested too deeply');
    }
  });

  it('still applies the spec rules inside the bounds, in the spec’s words', async () => {
    const create = (body: object) =>
      send('POST', '/api/people/users', admin, { username: 'neo', email: 'neo@acme.test', fullname: 'Neo', ...body });
    expect((await create({ username: 'n'.repeat(65) })).json().message).toBe('Cannot exceed 64 characters');
    expect((await create({ fullname: ' ' })).json().message).toBe('Full name is required');
    const team = await send('POST', '/api/people/teams', admin, { name: 't'.repeat(41) });
    expect([team.statusCode, team.json().message]).toEqual([400, 'Cannot exceed 40 characters']);
  });
});
