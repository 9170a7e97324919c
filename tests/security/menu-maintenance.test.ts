import { describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { ACME, BRAVO, useOffice } from '../support/office.js';
import { bearer } from '../support/auth.js';

/**
 * Menu settings are for administrators and system administrators of the tenant; maintenance mode for system
 * administrators only (it locks every other user out, administrators included, so an administrator may not set it).
 */
describe.each(await testDialects())('menu settings and maintenance attacks on %s', (dialect) => {
  const o = useOffice(
    dialect,
    [{ username: 'ada', isAdministrator: true }, 'reg', { username: 'con', isConsultant: true }],
    {
      bravo: true,
    },
  );
  const call = (who: string, method: 'PUT' | 'DELETE' | 'GET', url: string, payload?: object, host = ACME) =>
    o.t.app.inject({ method, url, headers: bearer(o.tok[who]!, host), ...(payload ? { payload } : {}) });
  const menuIds = async (who: string) =>
    ((await o.get(who, '/api/sys/permissions/menu/sidebar')).json().data as { id: string }[]).map((i) => i.id);

  it('refuses menu changes from a regular user, a consultant, and the administrator of another tenant', async () => {
    const body = { items: [{ id: 'DASHBOARD', label: 'Hacked' }] };
    for (const who of ['reg', 'con']) {
      expect((await call(who, 'PUT', '/api/sys/menu-settings', body)).statusCode, who).toBe(403);
      expect((await call(who, 'DELETE', '/api/sys/menu-settings')).statusCode, who).toBe(403);
    }
    // Consultants see the Menu settings entry (spec section 2): they may read the settings, not change them.
    expect((await call('reg', 'GET', '/api/sys/menu-settings')).statusCode).toBe(403);
    expect((await call('con', 'GET', '/api/sys/menu-settings')).statusCode).toBe(200);
    // bravo's token on acme's host is not a session of acme.
    expect((await call('bravo', 'PUT', '/api/sys/menu-settings', body, ACME)).statusCode).toBe(401);
    // bravo changing its own menu leaves acme's untouched.
    expect((await call('bravo', 'PUT', '/api/sys/menu-settings', body, BRAVO)).statusCode).toBe(200);
    const acme = (await o.get('admin', '/api/sys/menu-settings')).json().data;
    expect(acme.customized).toBe(false);
    expect(JSON.stringify(acme)).not.toContain('Hacked');
  });

  it('refuses javascript:, data: and look-alike links, and oversized or malformed settings', async () => {
    const links = [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      '/\\evil.example',
      '//evil.example/x',
      'https://user:pw@example.com/',
      'ftp://example.com/',
      'wiki',
    ];
    for (const url of links) {
      const r = await call('ada', 'PUT', '/api/sys/menu-settings', { items: [{ id: 'custom-a', label: 'A', url }] });
      expect(r.statusCode, url).toBe(400);
      expect(r.json().success).toBe(false);
    }
    const long = await call('ada', 'PUT', '/api/sys/menu-settings', { items: [{ id: 'APPS', label: 'x'.repeat(81) }] });
    expect(long.statusCode).toBe(400);
    const many = Array.from({ length: 31 }, (_, i) => ({ id: `custom-${i}`, label: 'L', url: '/tasks' }));
    expect((await call('ada', 'PUT', '/api/sys/menu-settings', { items: many })).statusCode).toBe(400);
    const badId = await call('ada', 'PUT', '/api/sys/menu-settings', {
      items: [{ id: 'custom-<x>', label: 'A', url: '/x' }],
    });
    expect(badId.statusCode).toBe(400);
    expect(await menuIds('reg')).toEqual(['APPS']);
  });

  it('lets only system administrators switch maintenance mode', async () => {
    for (const who of ['ada', 'reg', 'con']) {
      expect((await call(who, 'PUT', '/api/sys/maintenance', { on: true })).statusCode, who).toBe(403);
      expect((await call(who, 'GET', '/api/sys/maintenance')).statusCode, who).toBe(403);
    }
    // Another tenant's system administrator switches only their own tenant.
    expect((await call('bravo', 'PUT', '/api/sys/maintenance', { on: true }, BRAVO)).statusCode).toBe(200);
    expect((await o.get('reg', '/api/sys/permissions/menu/sidebar')).statusCode).toBe(200);
    const ada = await o.get('ada', '/api/sys/permissions/menu/sidebar');
    expect(ada.statusCode).toBe(200);
    expect((await call('bravo', 'PUT', '/api/sys/maintenance', { on: false }, BRAVO)).statusCode).toBe(200);
    // The body cannot reach the installation-wide flag.
    const sneaky = await call('admin', 'PUT', '/api/sys/maintenance', { on: true, scope: 'installation' });
    expect(sneaky.statusCode).toBe(400);
    expect((await call('admin', 'GET', '/api/sys/maintenance')).json().data).toMatchObject({
      tenant: { on: false },
      installation: { on: false },
    });
  });
});
