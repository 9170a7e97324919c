import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, tokenFor } from '../support/auth.js';
import type { TestApp } from '../support/app.js';
import { startOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';

const PW = 'Correct-Horse-9';
const A = 'acme.localhost';
const B = 'bravo.localhost';

describe.each(await testDialects())('identity on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    const members = ['alice', 'bob', 'carol', 'dave'].map((u) => ({ username: u, fullname: u.toUpperCase() }));
    ({ t } = await startOffice(dialect, members, { env: { ACCESS_TOKEN_TTL: '900' }, bravo: true, signIn: [] }));
  });
  afterAll(() => t?.close());

  it('signs in with a JSON-encoded string body and answers the spec shape', async () => {
    const r = await signIn(t.app, A, 'admin', PW);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      data: {
        requiresTwoFactor: false,
        twoFactorEnabled: false,
        passwordExpired: false,
        enablePasswordExpiry: false,
        succeeded: true,
      },
    });
    expect(r.body.data.token).toBeTruthy();
    expect(r.body.data.refreshToken).toBeTruthy();
    const me = await t.app.inject({
      url: '/api/identity/Authentication/isAuthenticated',
      headers: bearer(r.body.data.token, A),
    });
    expect(me.json().data).toMatchObject({
      username: 'admin',
      isSysAdmin: true,
      config: { isSysAdmin: true, userInfo: { username: 'admin' } },
    });
  });

  it('answers a wrong password and an unknown user with the same message', async () => {
    const wrong = await signIn(t.app, A, 'bob', 'nope-nope');
    const ghost = await signIn(t.app, A, 'nobody', 'nope-nope');
    expect(wrong.status).toBe(ghost.status);
    expect(wrong.body).toEqual({ success: false, message: 'The login detail is incorrect' });
    expect(ghost.body).toEqual(wrong.body);
  });

  it('validates the sign-in form on the server too', async () => {
    expect((await signIn(t.app, A, '', PW)).body.message).toBe('Username is required');
    expect((await signIn(t.app, A, 'bob', 'ab')).body.message).toBe('Minimum 3 characters');
  });

  it('refuses alg:none, wrong-key, expired and other-tenant tokens with 401', async () => {
    const url = '/api/identity/Authentication/isAuthenticated';
    const good = await tokenFor(t.app, A, 'admin', PW);
    const claims = JSON.parse(Buffer.from(good.split('.')[1]!, 'base64url').toString());
    const none = new UnsecuredJWT(claims).encode();
    const wrongKey = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new Uint8Array(32).fill(7));
    const expired = await t.ctx.keys.sign(
      { sub: claims.sub, tid: claims.tid, sid: claims.sid, roles: claims.roles },
      -10,
    );
    for (const token of [none, wrongKey, expired.token]) {
      const res = await t.app.inject({ url, headers: bearer(token, A) });
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().success).toBe(false);
    }
    expect((await t.app.inject({ url, headers: bearer(good, B) })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: { host: A } })).statusCode).toBe(401);
  });

  it('rotates refresh tokens and revokes the family when one is reused', async () => {
    const first = (await signIn(t.app, A, 'carol', PW)).body.data;
    const refresh = (jwt: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/identity/Authentication/refreshToken',
        headers: { host: A },
        payload: { jwt },
      });
    const r1 = await refresh(first.refreshToken);
    expect(r1.statusCode).toBe(200);
    const second = r1.json().data;
    expect(second.jwt).toBeTruthy();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    // The stolen first token comes back: the whole family dies, including the fresh one.
    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toBe('Failed to refresh access token');
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
    const me = await t.app.inject({
      url: '/api/identity/Authentication/isAuthenticated',
      headers: bearer(second.jwt, A),
    });
    expect(me.statusCode).toBe(401);
  });

  it('logout revokes the session', async () => {
    const s = (await signIn(t.app, A, 'carol', PW)).body.data;
    await t.app.inject({
      method: 'POST',
      url: '/api/identity/Authentication/logout',
      headers: bearer(s.token, A),
      payload: { jwt: s.refreshToken },
    });
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/identity/Authentication/refreshToken',
      headers: { host: A },
      payload: { jwt: s.refreshToken },
    });
    expect(r.statusCode).toBe(401);
  });

  it('locks an account after repeated failures, even for the right password', async () => {
    for (let i = 0; i < 5; i++) await signIn(t.app, A, 'dave', 'wrong-pass');
    const r = await signIn(t.app, A, 'dave', PW);
    expect(r.body).toEqual({ success: false, message: 'The login detail is incorrect' });
  });

  it('throttles one address that sprays a password over many accounts', async () => {
    const from = (remoteAddress: string, username: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/identity/Authentication/authenticateiso',
        headers: { host: A, 'content-type': 'application/json' },
        payload: JSON.stringify(JSON.stringify({ username, password })),
        remoteAddress,
      });
    // Every account gets at most one guess, so no account locks; the address does.
    for (let i = 0; i < 20; i++)
      expect((await from('203.0.113.7', `sprayed-${i}`, 'Summer2026!')).statusCode).toBe(401);
    const blocked = await from('203.0.113.7', 'carol', PW);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      success: false,
      message: 'Too many sign-in attempts. Please wait and try again.',
    });
    expect((await from('198.51.100.9', 'carol', PW)).statusCode).toBe(200);
  });

  it('enforces roles on the server with 403 in the envelope', async () => {
    const token = await tokenFor(t.app, A, 'bob', PW);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/manageauthenticator/policy',
      headers: bearer(token, A),
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().success).toBe(false);
  });
});
