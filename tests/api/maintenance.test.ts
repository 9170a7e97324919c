import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useOffice, ACME } from '../support/office.js';
import { bearer } from '../support/auth.js';
import { testDialects } from '../support/databases.js';
import { settleInbox } from '../../src/server/audit/chain.js';

const M = '/api/sys/maintenance';

describe.each(await testDialects())('maintenance mode on %s', (dialect) => {
  const o = useOffice(dialect, ['rita', { username: 'boss', isAdministrator: true }], { bravo: true });
  const put = (who: string, payload: object) =>
    o.t.app.inject({ method: 'PUT', url: M, headers: bearer(o.tok[who]!, ACME), payload });
  /** The operator's CLI as a child process against the test server's database. */
  const tenantCli = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/cli/tenant.ts', ...args], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        DATA_DIR: o.t.config.dataDir,
        DATABASE_URL: o.t.config.databaseUrl ?? '',
        LOG_LEVEL: 'silent',
      },
    });
  /** Drops this node's caches as the 5 s refresh would. */
  const refresh = async () => {
    o.t.ctx.tenants.invalidate();
    await o.t.app.maintenance.refresh();
  };

  it('answers 503 with the message to everyone but system administrators while the tenant is in maintenance', async () => {
    const on = await put('admin', { on: true, message: 'Back at 18:00.' });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.tenant).toEqual({ on: true, message: 'Back at 18:00.' });

    const rita = await o.get('rita', '/api/sys/permissions/menu/sidebar');
    expect(rita.statusCode).toBe(503);
    expect(rita.json()).toEqual({ success: false, message: 'Back at 18:00.' });
    expect(rita.headers['x-maintenance']).toBe('1');
    expect((await o.get('boss', '/api/Task/total')).statusCode).toBe(503);
    expect((await o.get('admin', '/api/sys/permissions/menu/sidebar')).statusCode).toBe(200);
    // Public calls, the status the maintenance page reads, and the health checks still answer.
    const status = await o.t.app.inject({ url: `${M}/status`, headers: { host: ACME } });
    expect(status.json().data).toEqual({ on: true, message: 'Back at 18:00.' });
    expect((await o.t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await o.t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    // Another tenant is not affected.
    expect((await o.get('bravo', '/api/sys/permissions/menu/sidebar')).statusCode).toBe(200);
    // System administrators still sign in (and switch it off).
    const signIn = await o.t.app.inject({
      method: 'POST',
      url: '/api/identity/Authentication/authenticateiso',
      headers: { host: ACME },
      payload: { username: 'admin', password: 'Correct-Horse-9' },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    await settleInbox(o.tdb);
    const audit = await o.tdb.selectFrom('audit_events').select('action').where('target_type', '=', 'tenant').execute();
    expect(audit.map((a) => a.action)).toContain('maintenance.on');

    const off = await put('admin', { on: false });
    expect(off.json().data.tenant.on).toBe(false);
    expect((await o.get('rita', '/api/sys/permissions/menu/sidebar')).statusCode).toBe(200);
  });

  it('is switched per tenant and installation-wide from the command line', async () => {
    const { stdout } = await tenantCli('maintenance', 'on', 'acme', '--message', 'Upgrading the database.');
    expect(stdout).toContain("Maintenance of 'acme' is on.");
    await refresh();
    const rita = await o.get('rita', '/api/sys/permissions/menu/sidebar');
    expect(rita.statusCode).toBe(503);
    expect(rita.json().message).toBe('Upgrading the database.');
    await tenantCli('maintenance', 'off', 'acme');
    await refresh();
    expect((await o.get('rita', '/api/sys/permissions/menu/sidebar')).statusCode).toBe(200);

    expect((await tenantCli('maintenance', 'on', '--all', '--message', 'Moving house.')).stdout).toContain(
      'whole installation is on',
    );
    await refresh();
    const bravo = await o.get('bravo', '/api/sys/permissions/menu/sidebar');
    expect(bravo.statusCode).toBe(200); // bravo's administrator is a system administrator
    const r = await o.get('rita', '/api/sys/permissions/menu/sidebar');
    expect(r.statusCode).toBe(503);
    expect(r.json().message).toBe('Moving house.');
    const state = (await o.get('admin', M)).json().data;
    expect(state.installation).toEqual({ on: true, message: 'Moving house.' });
    await tenantCli('maintenance', 'off', '--all');
    await refresh();
    expect((await o.get('rita', '/api/sys/permissions/menu/sidebar')).statusCode).toBe(200);
    await expect(tenantCli('maintenance', 'on', 'nosuch')).rejects.toThrow(/No tenant with domain 'nosuch'/);
  }, 120_000); // each CLI run starts a Node process and checks the migrations
});
