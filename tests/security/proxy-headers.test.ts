import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_MAX_FAILURES } from '../../src/server/identity/throttle.js';
import type { TestApp } from '../support/app.js';
import type { DialectName } from '../../src/server/db/database.js';
import { startOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';

/**
 * Hardening: X-Forwarded-For is believed only from the proxies named in TRUST_PROXY. From anyone else it would let
 * one client spread its failed sign-ins over made-up addresses and never meet the per-address throttle.
 */
const PW = 'Correct-Horse-9';
const A = 'acme.localhost';
/** The address the test client's requests come from (the socket's, as app.inject reports it). */
const CLIENT = '192.0.2.10';

const appWith = async (dialect: DialectName, env: Record<string, string>) =>
  (await startOffice(dialect, [{ username: 'carol', fullname: 'Carol' }], { env, signIn: [] })).t;

const signInFrom = (t: TestApp, forwardedFor: string, username: string, password: string, remoteAddress = CLIENT) =>
  t.app.inject({
    method: 'POST',
    url: '/api/identity/Authentication/authenticateiso',
    headers: { host: A, 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    payload: JSON.stringify(JSON.stringify({ username, password })),
    remoteAddress,
  });

/** One guess at each of many made-up accounts, so no account locks: only an address can be throttled. */
async function spray(t: TestApp, forwardedFor: (i: number) => string) {
  for (let i = 0; i < ADDRESS_MAX_FAILURES; i++)
    expect((await signInFrom(t, forwardedFor(i), `sprayed-${i}`, 'Summer2026!')).statusCode).toBe(401);
}

describe.each(await testDialects())('forwarded addresses on %s', (dialect) => {
  describe('without TRUST_PROXY', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await appWith(dialect, {});
    });
    afterAll(() => t?.close());

    it('counts failed sign-ins against the socket address, whatever X-Forwarded-For says', async () => {
      await spray(t, (i) => `203.0.113.${i + 1}`);
      const blocked = await signInFrom(t, '198.51.100.77', 'carol', PW);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        success: false,
        message: 'Too many sign-in attempts. Please wait and try again.',
      });
      const counted = await t.db.system
        .selectFrom('auth_throttle')
        .select(['key', 'failures'])
        .where('key', 'like', 'ip:%')
        .execute();
      expect(counted).toEqual([{ key: `ip:${CLIENT}`, failures: ADDRESS_MAX_FAILURES }]);
      // Another client is not held back by this one.
      expect((await signInFrom(t, '203.0.113.1', 'carol', PW, '192.0.2.11')).statusCode).toBe(200);
    }, 90_000);
  });

  describe('with TRUST_PROXY naming the client', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await appWith(dialect, { TRUST_PROXY: CLIENT });
    });
    afterAll(() => t?.close());

    it('believes X-Forwarded-For from the trusted proxy, and only from it', async () => {
      // Behind the proxy, many clients each failing once are many addresses: none is throttled.
      await spray(t, (i) => `203.0.113.${i + 1}`);
      expect((await signInFrom(t, '203.0.113.200', 'carol', PW)).statusCode).toBe(200);
      // One forwarded client failing twenty times is throttled, and only that client.
      await spray(t, () => '198.51.100.7');
      expect((await signInFrom(t, '198.51.100.7', 'carol', PW)).statusCode).toBe(429);
      expect((await signInFrom(t, '198.51.100.8', 'carol', PW)).statusCode).toBe(200);
      const counted = await t.db.system
        .selectFrom('auth_throttle')
        .select('failures')
        .where('key', '=', 'ip:198.51.100.7')
        .executeTakeFirst();
      expect(counted?.failures).toBe(ADDRESS_MAX_FAILURES);
      // Nothing was counted against the proxy itself.
      const proxy = await t.db.system
        .selectFrom('auth_throttle')
        .select('key')
        .where('key', '=', `ip:${CLIENT}`)
        .executeTakeFirst();
      expect(proxy).toBeUndefined();
      // From a socket that is not the proxy, the header is ignored again.
      expect((await signInFrom(t, '198.51.100.7', 'carol', PW, '192.0.2.99')).statusCode).toBe(200);
    }, 120_000);
  });
});
