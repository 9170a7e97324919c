import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/auth.js';
import type { TestApp } from '../support/app.js';
import { startOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';
import { resetTokenIn, startSmtp } from '../support/smtp.js';

const PW = 'Correct-Horse-9';
const A = 'acme.localhost';

describe.each(await testDialects())('forgot password over real SMTP on %s', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    const env = { SMTP_URL: smtp.url, PUBLIC_URL: 'http://acme.localhost:3000' };
    ({ t } = await startOffice(dialect, [{ username: 'gina', fullname: 'Gina' }], { env, signIn: [] }));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const forgot = (username: string) =>
    t.app.inject({ url: `/api/email/forgotpassword?username=${username}`, headers: { host: A } });
  const reset = (token: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/identity/Authentication/resetPassword',
      headers: { host: A },
      payload: { token, password },
    });

  it('mails a one-time link that sets a new password', async () => {
    const known = await forgot('gina');
    const unknown = await forgot('nobody');
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().success).toBe(true);
    await t.ctx.outbox.drain();
    const mail = await smtp.waitFor((m) => m.to.includes('gina@acme.test'));
    expect(mail.raw).toContain('Reset your password');
    const token = decodeURIComponent(resetTokenIn(mail.raw)!);
    expect(token).toBeTruthy();
    expect((await reset(token, 'short')).json().success).toBe(false);
    const ok = await reset(token, 'A-Brand-New-Pass-1');
    expect(ok.json().success).toBe(true);
    expect((await signIn(t.app, A, 'gina', 'A-Brand-New-Pass-1')).body.data.succeeded).toBe(true);
    expect((await signIn(t.app, A, 'gina', PW)).body.success).toBe(false);
    const again = await reset(token, 'Another-Pass-22');
    expect(again.statusCode).toBe(400);
    expect(smtp.mails.filter((m) => m.to.includes('gina@acme.test'))).toHaveLength(1);
  });
});
