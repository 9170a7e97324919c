import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { codeAt, currentStep } from '../../src/server/identity/totp.js';
import type { TestApp } from '../support/app.js';
import { startOffice } from '../support/office.js';
import { bearer, signIn, tokenFor } from '../support/auth.js';
import { testDialects } from '../support/databases.js';
import { resetTokenIn, startSmtp } from '../support/smtp.js';

/**
 * Hardening: one-time secrets work once. A TOTP code is refused the second time even inside its time window (and
 * so is any code of an earlier step); a password-reset link is refused the second time and after it expires.
 */
const PW = 'Correct-Horse-9';
const A = 'acme.localhost';
const LINK_INVALID = 'This reset link is not valid any more. Please ask for a new one.';

describe.each(await testDialects())('one-time secrets on %s', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    const env = { SMTP_URL: smtp.url, PUBLIC_URL: 'http://acme.localhost:3000' };
    ({ t } = await startOffice(dialect, ['tom', 'rita', 'ezra'], { env, signIn: [] }));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const post = (url: string, headers: Record<string, string>, payload: object, cookies: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers, payload, cookies });
  /** A password sign-in that stops at the second factor; answers the marker cookie. */
  async function marker(username: string) {
    const r = await signIn(t.app, A, username, PW);
    expect(r.body.data).toMatchObject({ requiresTwoFactor: true, succeeded: false });
    return r.cookies.mfa_marker!;
  }
  const withCode = (mfaMarker: string, code: string) =>
    post('/api/identity/Authentication/loginWith2Fa', { host: A }, { twoFactorCode: code }, { mfa_marker: mfaMarker });

  it('refuses a TOTP code used twice, even within its time window, and codes of earlier steps', async () => {
    const token = await tokenFor(t.app, A, 'tom', PW);
    const qr = await t.app.inject({
      url: '/api/identity/manageauthenticator/sharedKeyQRCodeUri',
      headers: bearer(token, A),
    });
    const secret = (qr.json().data.sharedKey as string).replace(/ /g, '');
    const step = currentStep();
    const enabled = await post('/api/identity/manageauthenticator/enableAuthenticator', bearer(token, A), {
      code: codeAt(secret, step - 1),
    });
    expect(enabled.json().success).toBe(true);

    // The set-up code itself cannot sign in afterwards.
    expect((await withCode(await marker('tom'), codeAt(secret, step - 1))).statusCode).toBe(401);
    const code = codeAt(secret, step);
    const first = await withCode(await marker('tom'), code);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.token).toBeTruthy();
    // The same code on a fresh sign-in, still inside its 30-second step: refused, with no session.
    const again = await withCode(await marker('tom'), code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ success: false, message: 'The code is not valid. Please try again.' });
    // Two sign-ins racing with one new code: exactly one gets a session.
    const next = codeAt(secret, step + 1);
    const [m1, m2] = [await marker('tom'), await marker('tom')];
    const raced = await Promise.all([withCode(m1, next), withCode(m2, next)]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  const forgot = (username: string) =>
    t.app.inject({ url: `/api/email/forgotpassword?username=${username}`, headers: { host: A } });
  const reset = (token: string, password: string) =>
    post('/api/identity/Authentication/resetPassword', { host: A }, { token, password });
  async function linkFor(username: string) {
    expect((await forgot(username)).json().success).toBe(true);
    await t.ctx.outbox.drain();
    const mail = await smtp.waitFor((m) => m.to.includes(`${username}@acme.test`));
    const token = decodeURIComponent(resetTokenIn(mail.raw)!);
    expect(token).toBeTruthy();
    return token;
  }

  it('refuses a password-reset link used twice', async () => {
    const token = await linkFor('rita');
    expect((await reset(token, 'First-New-Pass-1')).json().success).toBe(true);
    const second = await reset(token, 'Second-New-Pass-2');
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ success: false, message: LINK_INVALID });
    // The first reset stands; the second changed nothing.
    expect((await signIn(t.app, A, 'rita', 'First-New-Pass-1')).body.data.succeeded).toBe(true);
    expect((await signIn(t.app, A, 'rita', 'Second-New-Pass-2')).status).toBe(401);
  });

  it('refuses a password-reset link after it expired', async () => {
    const token = await linkFor('ezra');
    // Thirty minutes and a second later, by the server's clock.
    vi.useFakeTimers({ now: Date.now() + 30 * 60_000 + 1000, toFake: ['Date'] });
    try {
      const late = await reset(token, 'Too-Late-Pass-3');
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual({ success: false, message: LINK_INVALID });
    } finally {
      vi.useRealTimers();
    }
    // Nothing changed: the old password still signs in, the late one does not.
    expect((await signIn(t.app, A, 'ezra', PW)).body.data.succeeded).toBe(true);
    expect((await signIn(t.app, A, 'ezra', 'Too-Late-Pass-3')).status).toBe(401);
    // The clock alone refused it: the same link, used in time, works.
    expect((await reset(token, 'In-Time-Pass-4')).json().success).toBe(true);
  });
});
