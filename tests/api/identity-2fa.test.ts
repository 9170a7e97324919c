import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeAt, currentStep } from '../../src/server/identity/totp.js';
import { insertUser } from '../../src/server/tenancy/admin.js';
import { TenantDb } from '../../src/server/tenancy/tenant-db.js';
import { bearer, signIn, tokenFor } from '../support/auth.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { testDialects } from '../support/databases.js';

const PW = 'Correct-Horse-9';
const A = 'acme.localhost';

describe.each(await testDialects())('two-factor sign-in on %s', (dialect) => {
  let t: TestApp;
  let secret = '';
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const { tenantId } = await t.addTenant('acme', PW);
    const tdb = new TenantDb(tenantId, t.db.forTenant(tenantId));
    for (const u of ['erin', 'frank'])
      await insertUser(tdb, { username: u, email: `${u}@acme.test`, fullname: u, password: PW });
  });
  afterAll(() => t?.close());

  const post = (url: string, headers: Record<string, string>, payload: object, cookies: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers, payload, cookies });

  it('sets up an authenticator, then signs in with a code that works only once', async () => {
    const token = await tokenFor(t.app, A, 'erin', PW);
    const qr = await t.app.inject({
      url: '/api/identity/manageauthenticator/sharedKeyQRCodeUri',
      headers: bearer(token, A),
    });
    const data = qr.json().data;
    expect(data.authenticatorUri).toMatch(/^otpauth:\/\/totp\//);
    expect(data.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    secret = data.sharedKey.replace(/ /g, '');
    const step = currentStep();
    const enable = await post('/api/identity/manageauthenticator/enableAuthenticator', bearer(token, A), {
      code: codeAt(secret, step - 1),
    });
    expect(enable.json().success).toBe(true);

    const first = await signIn(t.app, A, 'erin', PW);
    expect(first.body.data).toMatchObject({ requiresTwoFactor: true, twoFactorEnabled: true, succeeded: false });
    expect(first.body.data.token).toBeUndefined();
    const marker = first.cookies.mfa_marker!;
    expect(marker).toBeTruthy();
    const code = codeAt(secret, step);
    const ok = await post(
      '/api/identity/Authentication/loginWith2Fa',
      { host: A },
      { twoFactorCode: code, rememberMachine: true },
      { mfa_marker: marker },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.token).toBeTruthy();
    const remember = ok.cookies.find((c) => c.name === 'remember_machine');
    expect(remember?.maxAge).toBe(25 * 86400);

    // The same code again, on a fresh challenge, is refused.
    const again = await signIn(t.app, A, 'erin', PW);
    const reuse = await post(
      '/api/identity/Authentication/loginWith2Fa',
      { host: A },
      { twoFactorCode: code },
      { mfa_marker: again.cookies.mfa_marker! },
    );
    expect(reuse.statusCode).toBe(401);

    // A remembered machine skips the second factor.
    const remembered = await signIn(t.app, A, 'erin', PW, { remember_machine: remember!.value });
    expect(remembered.body.data).toMatchObject({ succeeded: true, requiresTwoFactor: false });
  });

  it('ends the challenge after five wrong codes', async () => {
    const r = await signIn(t.app, A, 'erin', PW);
    const marker = r.cookies.mfa_marker!;
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        (
          await post(
            '/api/identity/Authentication/loginWith2Fa',
            { host: A },
            { twoFactorCode: '000000' },
            { mfa_marker: marker },
          )
        ).json().message,
      );
    expect(answers[4]).toBe('Too many wrong codes. Please sign in again.');
    const right = codeAt(secret, currentStep() + 1);
    const after = await post(
      '/api/identity/Authentication/loginWith2Fa',
      { host: A },
      { twoFactorCode: right },
      { mfa_marker: marker },
    );
    expect(after.statusCode).toBe(401);
  });

  it('sends a user to set-up when the policy requires two-factor', async () => {
    const admin = await tokenFor(t.app, A, 'admin', PW);
    const saved = await post('/api/identity/manageauthenticator/policy', bearer(admin, A), { requireTwoFactor: true });
    expect(saved.json().success).toBe(true);
    const r = await signIn(t.app, A, 'frank', PW);
    expect(r.body.data).toMatchObject({ requiresTwoFactor: true, twoFactorEnabled: false, succeeded: false });
    const marker = { mfa_marker: r.cookies.mfa_marker! };
    const qr = await t.app.inject({
      url: '/api/identity/manageauthenticator/sharedKeyQRCodeUri',
      headers: { host: A },
      cookies: marker,
    });
    const key = qr.json().data.sharedKey.replace(/ /g, '');
    const en = await post(
      '/api/identity/manageauthenticator/enableAuthenticator',
      { host: A },
      { code: codeAt(key, currentStep()) },
      marker,
    );
    expect(en.json().data.token).toBeTruthy();
    // Without a marker the set-up page is refused.
    const none = await t.app.inject({
      url: '/api/identity/manageauthenticator/sharedKeyQRCodeUri',
      headers: { host: A },
    });
    expect(none.statusCode).toBe(401);
    await post('/api/identity/manageauthenticator/policy', bearer(admin, A), { requireTwoFactor: false });
  });
});
