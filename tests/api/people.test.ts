import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, tokenFor } from '../support/auth.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { testDialects } from '../support/databases.js';
import { resetTokenIn, startSmtp } from '../support/smtp.js';

const PW = 'Correct-Horse-9';
const A = 'acme.localhost';
const B = 'bravo.localhost';

/** Who is who in these tests: the route roles of spec section 6. */
const KINDS = {
  regular: {},
  full: { isFullUser: true },
  consultant: { isConsultant: true, isFullUser: true },
  administrator: { isAdministrator: true },
  sysadmin: { isSysAdmin: true },
} as const;
type Kind = keyof typeof KINDS;

describe.each(await testDialects())('people management on %s', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin = '';
  const tokens = {} as Record<Kind, string>;
  const ids = {} as Record<Kind, string>;

  const req = (method: string, url: string, token: string, payload?: unknown, host = A) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: bearer(token, host),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(dialect, { SMTP_URL: smtp.url, PUBLIC_URL: 'http://acme.localhost:3000' });
    await t.addTenant('acme', PW);
    await t.addTenant('bravo', PW);
    admin = await tokenFor(t.app, A, 'admin', PW);
    for (const [kind, flags] of Object.entries(KINDS) as [Kind, object][]) {
      const res = await req('POST', '/api/people/users', admin, {
        username: `${kind}.one`,
        email: `${kind}@acme.test`,
        fullname: `${kind} One`,
        password: PW,
        ...flags,
      });
      expect(res.json().success, res.body).toBe(true);
      ids[kind] = res.json().data.id;
      tokens[kind] = await tokenFor(t.app, A, `${kind}.one`, PW);
    }
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('answers 403 on management routes to everyone but system administrators, administrators and consultants', async () => {
    const allowed: Record<Kind, boolean> = {
      regular: false,
      full: false,
      consultant: true,
      administrator: true,
      sysadmin: true,
    };
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/people/users?license=FULL_USER'],
      ['GET', `/api/people/users/${ids.regular}`],
      ['POST', '/api/people/users', { username: 'x' }],
      ['PUT', `/api/people/users/${ids.regular}`, {}],
      ['POST', `/api/people/users/${ids.regular}/reactivate`, {}],
      ['GET', '/api/people/teams'],
      ['POST', '/api/people/teams', { name: '' }],
      ['PUT', '/api/sys/settings/tenant', {}],
    ];
    for (const kind of Object.keys(KINDS) as Kind[])
      for (const [method, url, body] of calls) {
        const res = await req(method, url, tokens[kind], body);
        if (allowed[kind]) expect(res.statusCode, `${kind} ${method} ${url}`).not.toBe(403);
        else
          expect([res.statusCode, res.json()], `${kind} ${method} ${url}`).toEqual([
            403,
            { success: false, message: 'You do not have permission to do this.' },
          ]);
      }
    // The approver lookup is for designers.
    expect((await req('GET', '/api/people/teams/lookup', tokens.regular)).statusCode).toBe(403);
    expect((await req('GET', '/api/people/teams/lookup', tokens.full)).statusCode).toBe(200);
  });

  it('lists, searches and pages users by licence kind', async () => {
    const full = (await req('GET', '/api/people/users?license=FULL_USER&length=100', admin)).json().data;
    const regular = (await req('GET', '/api/people/users?license=REGULAR_USER&length=100', admin)).json().data;
    expect(full.data.map((u: { username: string }) => u.username).sort()).toEqual([
      'admin',
      'consultant.one',
      'full.one',
    ]);
    expect(regular.data.map((u: { username: string }) => u.username).sort()).toEqual([
      'administrator.one',
      'regular.one',
      'sysadmin.one',
    ]);
    const page = (await req('GET', '/api/people/users?length=2&page=2', admin)).json().data;
    expect(page).toMatchObject({ recordsTotal: 6, recordsFiltered: 6, page: 2 });
    expect(page.data).toHaveLength(2);
    const found = (await req('GET', '/api/people/users?search=CONSULT', admin)).json().data;
    expect(found.data.map((u: { username: string }) => u.username)).toEqual(['consultant.one']);
    expect(found.data[0]).not.toHaveProperty('password_hash');
    expect((await req('GET', '/api/people/users?license=GOLD', admin)).statusCode).toBe(400);
    // Another tenant sees none of them.
    const other = await tokenFor(t.app, B, 'admin', PW);
    expect((await req('GET', '/api/people/users', other, undefined, B)).json().data.recordsTotal).toBe(1);
    expect((await req('GET', `/api/people/users/${ids.regular}`, other, undefined, B)).statusCode).toBe(404);
  });

  it('validates new users', async () => {
    const create = (body: object) =>
      req('POST', '/api/people/users', admin, {
        username: 'neo',
        email: 'neo@acme.test',
        fullname: 'Neo',
        password: PW,
        ...body,
      });
    expect((await create({ username: 'n'.repeat(65) })).json().message).toBe('Cannot exceed 64 characters');
    expect((await create({ username: 'neo smith' })).json().message).toBe('Cannot contain special characters');
    expect((await create({ email: 'nope' })).json().message).toBe('Email is not valid');
    expect((await create({ fullname: '' })).json().message).toBe('Full name is required');
    expect((await create({ password: 'short' })).statusCode).toBe(400);
    expect((await create({ username: 'full.one' })).json().message).toBe("The username 'full.one' is already taken.");
  });

  it('refuses to grant a role higher than the caller’s own', async () => {
    const create = (token: string, username: string, flags: object) =>
      req('POST', '/api/people/users', token, {
        username,
        email: `${username}@acme.test`,
        fullname: username,
        password: PW,
        ...flags,
      });
    const refused = await create(tokens.consultant, 'boss1', { isAdministrator: true });
    expect([refused.statusCode, refused.json().message]).toEqual([
      403,
      'You cannot grant a role higher than your own.',
    ]);
    expect((await create(tokens.administrator, 'boss2', { isSysAdmin: true })).statusCode).toBe(403);
    expect((await create(tokens.consultant, 'helper', { isFullUser: true, isConsultant: true })).statusCode).toBe(200);
    // Promoting through an edit is refused the same way, and a consultant cannot touch an administrator.
    expect(
      (await req('PUT', `/api/people/users/${ids.full}`, tokens.administrator, { isSysAdmin: true })).statusCode,
    ).toBe(403);
    expect(
      (await req('PUT', `/api/people/users/${ids.administrator}`, tokens.consultant, { fullname: 'Renamed' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await req('POST', `/api/people/users/${ids.sysadmin}/deactivate`, tokens.administrator, {})).statusCode,
    ).toBe(403);
    const ok = await req('PUT', `/api/people/users/${ids.full}`, tokens.administrator, {
      isAdministrator: true,
      fullname: 'Full Promoted',
    });
    expect(ok.json().data).toMatchObject({ isAdministrator: true, fullname: 'Full Promoted' });
    await req('PUT', `/api/people/users/${ids.full}`, admin, { isAdministrator: false, fullname: 'full One' });
  });

  it('deactivates and reactivates users, but never the last system administrator', async () => {
    const off = await req('POST', `/api/people/users/${ids.regular}/deactivate`, tokens.administrator, {});
    expect(off.json().data.status).toBe('inactive');
    expect((await signIn(t.app, A, 'regular.one', PW)).status).toBe(401);
    await req('POST', `/api/people/users/${ids.regular}/reactivate`, tokens.administrator, {});
    expect((await signIn(t.app, A, 'regular.one', PW)).body.success).toBe(true);

    // Two system administrators: one may go; the other is then the last one.
    expect((await req('POST', `/api/people/users/${ids.sysadmin}/deactivate`, admin, {})).json().success).toBe(true);
    const last = await req('POST', `/api/people/users/${(await me(admin)).uid}/deactivate`, admin, {});
    expect([last.statusCode, last.json().message]).toEqual([
      400,
      'The last system administrator cannot be deactivated.',
    ]);
    const demote = await req('PUT', `/api/people/users/${(await me(admin)).uid}`, admin, { isSysAdmin: false });
    expect([demote.statusCode, demote.json().message]).toEqual([
      400,
      'The last system administrator cannot lose that role.',
    ]);
    await req('POST', `/api/people/users/${ids.sysadmin}/reactivate`, admin, {});
    const self = await req('POST', `/api/people/users/${(await me(admin)).uid}/deactivate`, admin, {});
    expect(self.json().message).toBe('You cannot deactivate yourself.');
  });

  const me = async (token: string) =>
    (await req('GET', '/api/identity/manageauthenticator/userinfo', token)).json().data as { uid: string };

  it('invites a user without a password by mail; the link sets the password', async () => {
    const res = await req('POST', '/api/people/users', admin, {
      username: 'invitee',
      email: 'invitee@acme.test',
      fullname: 'In Vitee',
      isFullUser: true,
    });
    expect(res.json()).toMatchObject({
      success: true,
      message: 'The user has been created and an invitation sent.',
      data: { license: 'FULL_USER', status: 'active' },
    });
    expect((await signIn(t.app, A, 'invitee', 'Guess-Pass-11')).status).toBe(401);
    await t.ctx.outbox.drain();
    const mail = await smtp.waitFor((m) => m.to.includes('invitee@acme.test'));
    const token = decodeURIComponent(resetTokenIn(mail.raw)!);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/identity/Authentication/resetPassword',
      headers: { host: A },
      payload: { token, password: 'Invited-Pass-77' },
    });
    expect(set.json().success).toBe(true);
    expect((await signIn(t.app, A, 'invitee', 'Invited-Pass-77')).body.success).toBe(true);
  });

  it('creates and renames teams and adds and removes members', async () => {
    expect((await req('POST', '/api/people/teams', admin, { name: '1st team' })).json().message).toBe(
      'Cannot start with a number',
    );
    const created = await req('POST', '/api/people/teams', tokens.consultant, { name: 'Finance' });
    const teamId = created.json().data.id as string;
    expect((await req('POST', '/api/people/teams', admin, { name: 'Finance' })).statusCode).toBe(400);
    expect((await req('PUT', `/api/people/teams/${teamId}`, admin, { name: 'Finance approvers' })).json().success).toBe(
      true,
    );
    for (const u of [ids.regular, ids.full, ids.full])
      expect((await req('POST', `/api/people/teams/${teamId}/members`, admin, { userId: u })).json().success).toBe(
        true,
      );
    expect((await req('POST', `/api/people/teams/${teamId}/members`, admin, { userId: 'nobody' })).statusCode).toBe(
      404,
    );
    let team = (await req('GET', `/api/people/teams/${teamId}`, admin)).json().data;
    expect(team.name).toBe('Finance approvers');
    expect(team.members.map((m: { id: string }) => m.id).sort()).toEqual([ids.regular, ids.full].sort());
    expect((await req('GET', '/api/people/teams', admin)).json().data).toEqual([
      expect.objectContaining({ id: teamId, member_count: 2 }),
    ]);
    expect((await req('GET', `/api/people/users/${ids.full}`, admin)).json().data.teams).toEqual([
      { id: teamId, name: 'Finance approvers' },
    ]);
    await req('DELETE', `/api/people/teams/${teamId}/members/${ids.regular}`, admin);
    team = (await req('GET', `/api/people/teams/${teamId}`, admin)).json().data;
    expect(team.members.map((m: { id: string }) => m.id)).toEqual([ids.full]);
    const other = await tokenFor(t.app, B, 'admin', PW);
    expect((await req('GET', `/api/people/teams/${teamId}`, other, undefined, B)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/people/teams/${teamId}`, admin)).json().success).toBe(true);
    expect((await req('GET', '/api/people/teams', admin)).json().data).toEqual([]);
  });
});
