import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEALED_PREFIX, secretKey } from '../../src/server/crypto/secrets.js';
import { EgressError } from '../../src/server/egress/fetch.js';
import { oidcStart } from '../../src/server/identity/sso/oidc.js';
import { loadSettings } from '../../src/server/identity/sso/settings.js';
import { codeAt, currentStep, generateSecret } from '../../src/server/identity/totp.js';
import { insertUser } from '../../src/server/tenancy/admin.js';
import { TenantDb } from '../../src/server/tenancy/tenant-db.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { bearer, tokenFor } from '../support/auth.js';
import { testDialects } from '../support/databases.js';
import { signInAtIdp, startOidcIdp, type OidcIdp } from '../support/idp-oidc/provider.js';
import { makeKeyPair, parseAuthnRequest, SamlIdp } from '../support/idp-saml/idp.js';

const PW = 'Correct-Horse-9';
const A = 'acme.localhost';
const B = 'bravo.localhost';
const callback = (host: string) => `http://${host}/auth/callback`;
const acs = (host: string) => `http://${host}/auth/saml/acs`;
const spIssuer = (host: string) => `urn:flowforms:${host}`;

const saml = await SamlIdp.create();
const stranger = await makeKeyPair('Not the IdP');

describe.each(await testDialects())('single sign-on on %s', (dialect) => {
  let t: TestApp;
  let oidc: OidcIdp;
  let adminA: string;
  let tinaSecret: string;

  const settingsFor = (host: string, provisioning: 'link' | 'provision' = 'link') => ({
    oidc: { issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret },
    saml: { entryPoint: 'http://127.0.0.1:9/sso', idpCert: saml.cert, issuer: spIssuer(host) },
    provisioning,
  });
  /** The test identity provider listens on 127.0.0.1, which egress refuses unless the tenant allows it. */
  async function allowPrivateEgress(domains: string[], on: boolean) {
    await t.db.system
      .updateTable('tenants')
      .set({ allow_private_egress: on ? 1 : 0 })
      .where('domain', 'in', domains)
      .execute();
    for (const d of domains) t.ctx.tenants.invalidate(d);
  }
  const save = (host: string, token: string, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/identity/sso/settings', headers: bearer(token, host), payload: body });

  /** Browser navigation to /auth/login, the IdP's pages, and the callback; returns our final redirect. */
  async function oidcSignIn(host: string, login: string, returnUrl = '/tasks') {
    const start = await t.app.inject({
      url: `/auth/login?returnUrl=${encodeURIComponent(returnUrl)}`,
      headers: { host },
    });
    expect(start.statusCode, start.body).toBe(302);
    const state = start.cookies.find((c) => c.name === 'sso_state')!.value;
    const back = new URL(await signInAtIdp(start.headers.location as string, login, callback(host)));
    return { state, back };
  }
  const callbackAt = (host: string, back: URL, state: string | undefined) =>
    t.app.inject({
      url: `/auth/callback${back.search}`,
      headers: { host },
      cookies: state ? { sso_state: state } : {},
    });
  const complete = (host: string, ticket: string | undefined) =>
    t.app.inject({
      method: 'POST',
      url: '/api/identity/sso/complete',
      headers: { host },
      cookies: ticket ? { sso_ticket: ticket } : {},
    });
  const ticketOf = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.find((c) => c.name === 'sso_ticket' && c.value)?.value;

  async function samlRequest(host: string, returnUrl = '/') {
    const res = await t.app.inject({ url: `/auth/saml?returnUrl=${encodeURIComponent(returnUrl)}`, headers: { host } });
    expect(res.statusCode, res.body).toBe(302);
    return parseAuthnRequest(new URL(res.headers.location as string).searchParams.get('SAMLRequest')!);
  }
  const postAcs = (host: string, samlResponse: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/saml/acs',
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }).toString(),
    });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const acme = (await t.addTenant('acme', PW)).tenantId;
    await t.addTenant('bravo', PW);
    await allowPrivateEgress(['acme', 'bravo'], true);
    const tdb = new TenantDb(acme, t.db.forTenant(acme));
    await insertUser(tdb, { username: 'alice', email: 'alice@acme.test', fullname: 'Alice', password: PW });
    const tina = await insertUser(tdb, { username: 'tina', email: 'tina@acme.test', fullname: 'Tina', password: PW });
    tinaSecret = generateSecret();
    await tdb.updateTable('users').set({ totp_enabled: 1, totp_secret: tinaSecret }).where('id', '=', tina).execute();
    oidc = await startOidcIdp([callback(A), callback(B)]);
    adminA = await tokenFor(t.app, A, 'admin', PW);
    expect((await save(A, adminA, settingsFor(A))).statusCode).toBe(200);
    expect((await save(B, await tokenFor(t.app, B, 'admin', PW), settingsFor(B))).statusCode).toBe(200);
  });
  afterAll(async () => {
    await oidc?.close();
    await t?.close();
  });

  it('lets administrators save the settings, never echoes the client secret, and tells the login page', async () => {
    const read = await t.app.inject({ url: '/api/identity/sso/settings', headers: bearer(adminA, A) });
    expect(read.json().data).toMatchObject({
      oidc: { issuer: oidc.issuer, hasClientSecret: true },
      provisioning: 'link',
      enabled: { oidc: true, saml: true },
    });
    expect(read.body).not.toContain(oidc.clientSecret);
    // Saving without a secret keeps the stored one.
    const again = await save(A, adminA, { ...settingsFor(A), oidc: { issuer: oidc.issuer, clientId: oidc.clientId } });
    expect(again.json().data.oidc.hasClientSecret).toBe(true);
    expect((await save(A, adminA, { oidc: { issuer: 'not a url', clientId: 'x' } })).json()).toEqual({
      success: false,
      message: 'The OpenID issuer must be an absolute URL.',
    });
    const alice = await tokenFor(t.app, A, 'alice', PW);
    expect((await t.app.inject({ url: '/api/identity/sso/settings', headers: bearer(alice, A) })).statusCode).toBe(403);
    expect((await save(A, alice, settingsFor(A))).statusCode).toBe(403);
    const options = await t.app.inject({ url: '/api/identity/sso/options', headers: { host: A } });
    expect(options.json().data).toEqual({ oidc: true, saml: true });
    // A tenant without SSO shows no buttons, and the navigations say so on the SSO page.
    await t.addTenant('charlie', PW);
    const none = await t.app.inject({ url: '/api/identity/sso/options', headers: { host: 'charlie.localhost' } });
    expect(none.json().data).toEqual({ oidc: false, saml: false });
    for (const route of ['/auth/login', '/auth/saml']) {
      const res = await t.app.inject({ url: route, headers: { host: 'charlie.localhost' } });
      expect(res.headers.location).toBe('/authentication/sso?error=not-configured');
    }
    const unknown = await t.app.inject({ url: '/auth/login', headers: { host: 'nobody.localhost' } });
    expect(unknown.headers.location).toMatch(/^\/403\?message=/);
  });

  it('signs in end to end through the OpenID provider into the same session the password flow gives', async () => {
    const { state, back } = await oidcSignIn(A, 'alice', '/tasks?x=1');
    expect(back.searchParams.get('code')).toBeTruthy();
    const res = await callbackAt(A, back, state);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/authentication/sso?ReturnUrl=%2Ftasks%3Fx%3D1');
    const ticket = ticketOf(res);
    const done = await complete(A, ticket);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ succeeded: true, requiresTwoFactor: false });
    const me = await t.app.inject({
      url: '/api/identity/Authentication/isAuthenticated',
      headers: bearer(done.json().data.token, A),
    });
    expect(me.json().data).toMatchObject({ username: 'alice', email: 'alice@acme.test' });
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/identity/Authentication/refreshToken',
      headers: { host: A },
      payload: { jwt: done.json().data.refreshToken },
    });
    expect(refreshed.json().data.jwt).toBeTruthy();
    // The ticket and the authorization response each work once.
    expect((await complete(A, ticket)).statusCode).toBe(401);
    expect((await callbackAt(A, back, state)).headers.location).toBe('/authentication/sso?error=failed');
  });

  it('rejects a bad or unbound state', async () => {
    const { state, back } = await oidcSignIn(A, 'alice');
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state');
    for (const res of [
      await callbackAt(A, forged, 'forged-state'),
      await callbackAt(A, back, undefined),
      await callbackAt(A, back, 'other'),
    ]) {
      expect(res.headers.location).toBe('/authentication/sso?error=failed');
      expect(ticketOf(res)).toBeUndefined();
    }
    expect(ticketOf(await callbackAt(A, back, state))).toBeTruthy();
  });

  it('links only known users unless the tenant provisions, and provisions regular users', async () => {
    const first = await oidcSignIn(A, 'zed');
    expect((await callbackAt(A, first.back, first.state)).headers.location).toBe(
      '/authentication/sso?error=not-allowed',
    );
    await save(A, adminA, settingsFor(A, 'provision'));
    const second = await oidcSignIn(A, 'zed');
    const done = await complete(A, ticketOf(await callbackAt(A, second.back, second.state)));
    const me = await t.app.inject({
      url: '/api/identity/Authentication/isAuthenticated',
      headers: bearer(done.json().data.token, A),
    });
    expect(me.json().data).toMatchObject({
      username: 'zed',
      email: 'zed@acme.test',
      isSysAdmin: false,
      isAdministrator: false,
    });
    await save(A, adminA, settingsFor(A, 'link'));
  });

  it('refuses a return address that is not a path on this site', async () => {
    for (const bad of ['//evil.com', 'http://evil.com', '/\\evil.com', 'javascript:alert(1)', '/%0a//evil.com\n']) {
      for (const route of ['/auth/login', '/auth/saml']) {
        const res = await t.app.inject({ url: `${route}?returnUrl=${encodeURIComponent(bad)}`, headers: { host: A } });
        expect(res.statusCode, `${route} ${bad}`).toBe(400);
        expect(res.json()).toEqual({ success: false, message: 'The return address must be a path on this site.' });
      }
    }
  });

  it('accepts a signed SAML assertion and starts a session', async () => {
    const req = await samlRequest(A, '/applications');
    expect(req).toMatchObject({ acs: acs(A), issuer: spIssuer(A) });
    const res = await postAcs(
      A,
      saml.issue({ inResponseTo: req.id, acsUrl: acs(A), audience: spIssuer(A), nameId: 'alice@acme.test' }),
    );
    expect(res.headers.location).toBe('/authentication/sso?ReturnUrl=%2Fapplications');
    const done = await complete(A, ticketOf(res));
    const me = await t.app.inject({
      url: '/api/identity/Authentication/isAuthenticated',
      headers: bearer(done.json().data.token, A),
    });
    expect(me.json().data.username).toBe('alice');
  });

  it('still asks a user with an authenticator app for a code after SSO', async () => {
    const req = await samlRequest(A);
    const res = await postAcs(
      A,
      saml.issue({ inResponseTo: req.id, acsUrl: acs(A), audience: spIssuer(A), nameId: 'tina' }),
    );
    const challenge = await complete(A, ticketOf(res));
    expect(challenge.json().data).toMatchObject({ requiresTwoFactor: true, twoFactorEnabled: true, succeeded: false });
    expect(challenge.json().data.token).toBeUndefined();
    const marker = challenge.cookies.find((c) => c.name === 'mfa_marker')!.value;
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/identity/Authentication/loginWith2Fa',
      headers: { host: A },
      payload: { twoFactorCode: codeAt(tinaSecret, currentStep()) },
      cookies: { mfa_marker: marker },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ succeeded: true, passwordExpired: false });
  });

  it('rejects unsigned, wrongly signed, replayed, mis-addressed and expired SAML responses', async () => {
    const base = { acsUrl: acs(A), audience: spIssuer(A), nameId: 'alice@acme.test' };
    const failed = '/authentication/sso?error=failed';
    const unsigned = await samlRequest(A);
    expect(
      (await postAcs(A, saml.issue({ ...base, inResponseTo: unsigned.id, signWith: 'none' }))).headers.location,
    ).toBe(failed);
    const wrongKey = await samlRequest(A);
    expect(
      (await postAcs(A, saml.issue({ ...base, inResponseTo: wrongKey.id, signWith: stranger }))).headers.location,
    ).toBe(failed);
    const audience = await samlRequest(A);
    expect(
      (await postAcs(A, saml.issue({ ...base, inResponseTo: audience.id, audience: 'urn:someone-else' }))).headers
        .location,
    ).toBe(failed);
    const late = await samlRequest(A);
    const expired = saml.issue({ ...base, inResponseTo: late.id, notOnOrAfter: new Date(Date.now() - 5 * 60_000) });
    expect((await postAcs(A, expired)).headers.location).toBe(failed);
    expect((await postAcs(A, saml.issue({ ...base, inResponseTo: '_never-asked' }))).headers.location).toBe(failed);
    // A good response works once; the same bytes again, or a new assertion for the same request, do not.
    const once = await samlRequest(A);
    const good = saml.issue({ ...base, inResponseTo: once.id });
    expect(ticketOf(await postAcs(A, good))).toBeTruthy();
    const replay = await postAcs(A, good);
    expect(replay.headers.location).toBe(failed);
    expect(ticketOf(replay)).toBeUndefined();
    expect((await postAcs(A, saml.issue({ ...base, inResponseTo: once.id }))).headers.location).toBe(failed);
  });

  it('refuses an OpenID provider on a private address unless the tenant allows it', async () => {
    await allowPrivateEgress(['acme'], false);
    try {
      const res = await t.app.inject({ url: '/auth/login?returnUrl=%2Ftasks', headers: { host: A } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/authentication/sso?error=failed');
      expect(res.cookies.find((c) => c.name === 'sso_state')).toBeUndefined();
      // What the log records: egress refused the discovery call to the loopback issuer.
      const acme = (await t.ctx.tenants.byDomain('acme'))!;
      const settings = (await loadSettings(new TenantDb(acme.id, t.db.forTenant(acme.id))))!;
      const env = { secretKey: secretKey(t.config), allowPrivate: false };
      const err = await oidcStart(settings, env, callback(A)).then(
        () => undefined,
        (e: unknown) => e,
      );
      let refusal: unknown = err;
      while (refusal && !(refusal instanceof EgressError)) refusal = (refusal as { cause?: unknown }).cause;
      expect(refusal).toBeInstanceOf(EgressError);
      expect((refusal as EgressError).message).toMatch(/^Calls to 127\.0\.0\.1 are not allowed/);
    } finally {
      await allowPrivateEgress(['acme'], true);
    }
    const { state, back } = await oidcSignIn(A, 'alice');
    expect(ticketOf(await callbackAt(A, back, state))).toBeTruthy();
  });

  it('stores the client secret encrypted, and seals one stored in clear earlier on the next save', async () => {
    const acme = (await t.ctx.tenants.byDomain('acme'))!;
    const tdb = new TenantDb(acme.id, t.db.forTenant(acme.id));
    const stored = async () => (await loadSettings(tdb))!.oidc_client_secret!;
    expect((await stored()).startsWith(SEALED_PREFIX)).toBe(true);
    expect(await stored()).not.toContain(oidc.clientSecret);
    // A row written before encryption still signs in.
    await tdb.updateTable('sso_settings').set({ oidc_client_secret: oidc.clientSecret }).execute();
    const legacy = await oidcSignIn(A, 'alice');
    expect(ticketOf(await callbackAt(A, legacy.back, legacy.state))).toBeTruthy();
    // Saving without a new secret keeps it, now sealed, and sign-in still works.
    expect(
      (await save(A, adminA, { ...settingsFor(A), oidc: { issuer: oidc.issuer, clientId: oidc.clientId } })).statusCode,
    ).toBe(200);
    expect((await stored()).startsWith(SEALED_PREFIX)).toBe(true);
    const sealed = await oidcSignIn(A, 'alice');
    expect(ticketOf(await callbackAt(A, sealed.back, sealed.state))).toBeTruthy();
    // A sealed value copied to another tenant does not open there: the secret is bound to its tenant.
    const bravo = (await t.ctx.tenants.byDomain('bravo'))!;
    const bdb = new TenantDb(bravo.id, t.db.forTenant(bravo.id));
    const bravoOwn = (await loadSettings(bdb))!.oidc_client_secret;
    await bdb
      .updateTable('sso_settings')
      .set({ oidc_client_secret: await stored() })
      .execute();
    const copied = await t.app.inject({ url: '/auth/login', headers: { host: B } });
    expect(copied.headers.location).toBe('/authentication/sso?error=failed');
    await bdb.updateTable('sso_settings').set({ oidc_client_secret: bravoOwn }).execute();
  });

  it("keeps tenant A's sign-ins out of tenant B", async () => {
    // SAML: B trusts the same IdP certificate, yet A's response answers no request of B's.
    const req = await samlRequest(A);
    const forA = saml.issue({ inResponseTo: req.id, acsUrl: acs(A), audience: spIssuer(A), nameId: 'alice@acme.test' });
    expect((await postAcs(B, forA)).headers.location).toBe('/authentication/sso?error=failed');
    // OIDC: A's state and code presented on B's host.
    const { state, back } = await oidcSignIn(A, 'alice');
    const atB = await callbackAt(B, back, state);
    expect(atB.headers.location).toBe('/authentication/sso?error=failed');
    // A ticket issued on A cannot be completed on B.
    const ticket = ticketOf(await callbackAt(A, back, state));
    expect(ticket).toBeTruthy();
    expect((await complete(B, ticket)).statusCode).toBe(401);
    expect((await complete(A, ticket)).statusCode).toBe(200);
  });

  it('writes settings changes, SSO sign-ins and failed callbacks to the audit trail, never the client secret', async () => {
    const trail = async (action: string) => {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/audittrail/datatables',
        headers: bearer(adminA, A),
        payload: { action },
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data.data as {
        actorName: string | null;
        targetLabel: string | null;
        details: Record<string, unknown> & { changes?: object };
      }[];
    };
    const settings = await trail('sso.settings');
    expect(settings.length).toBeGreaterThan(0);
    expect(settings.at(-1)!.details.changes).toMatchObject({
      oidc_issuer: { from: null, to: oidc.issuer },
      oidc_client_secret: { from: null, to: '••••••' },
    });
    const signIns = await trail('signin.sso');
    expect(signIns.map((r) => r.details.protocol)).toEqual(expect.arrayContaining(['oidc', 'saml']));
    expect(signIns.find((r) => r.details.protocol === 'oidc')).toMatchObject({ targetLabel: 'alice' });
    const failures = await trail('signin.sso.failed');
    expect(failures.map((r) => r.details.protocol)).toEqual(expect.arrayContaining(['oidc', 'saml']));
    expect(failures.every((r) => typeof r.details.error === 'string')).toBe(true);
    const all = JSON.stringify([settings, signIns, failures]);
    expect(all).not.toContain(oidc.clientSecret);
  });
});
