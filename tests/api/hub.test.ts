import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../../src/server/outbox/outbox.js';
import { TenantDb } from '../../src/server/tenancy/tenant-db.js';
import { bearer, tokenFor } from '../support/auth.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { testDialects } from '../support/databases.js';

const PW = 'Correct-Horse-9';

function connect(base: string, host: string, token: string, userId?: string): HubConnection {
  return new HubConnectionBuilder()
    .withUrl(`${base}/TaskHub${userId ? `?userId=${userId}` : ''}`, {
      accessTokenFactory: () => token,
      transport: HttpTransportType.WebSockets,
      skipNegotiation: true,
      headers: { Host: host },
    })
    .configureLogging(LogLevel.None)
    .build();
}

describe.each(await testDialects())('task hub and notifications on %s', (dialect) => {
  let t: TestApp;
  let base = '';
  let acme: TenantDb;
  let adminId = '';
  let tokenA = '';
  let tokenB = '';
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const a = await t.addTenant('acme', PW);
    const b = await t.addTenant('bravo', PW);
    acme = new TenantDb(a.tenantId, t.db.forTenant(a.tenantId));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address() as { port: number };
    base = `http://127.0.0.1:${addr.port}`;
    tokenA = await tokenFor(t.app, 'acme.localhost', 'admin', PW);
    tokenB = await tokenFor(t.app, 'bravo.localhost', 'admin', PW);
    adminId = (await acme.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow())
      .id;
    void b;
  });
  afterAll(() => t?.close());

  it('lets the real SignalR client connect, invoke, and receive only its own tenant and user messages', async () => {
    const a = connect(base, 'acme.localhost', tokenA, adminId);
    const b = connect(base, 'bravo.localhost', tokenB);
    const gotA: unknown[] = [];
    const gotB: unknown[] = [];
    a.on('ReceiveNotification', (n) => gotA.push(n));
    b.on('ReceiveNotification', (n) => gotB.push(n));
    await a.start();
    await b.start();
    const id = await a.invoke<string>('GetConnectionId');
    expect(id).toMatch(/[0-9a-f-]{36}/);

    // The same event key twice: the outbox keeps the first and drops the duplicate.
    const notify = (content: string) =>
      acme.transaction((tx) =>
        enqueue(
          tx,
          'notification',
          { userId: adminId, event: 'submit', content, moduleId: 'm1', recordId: 'r1' },
          'ev-1',
        ),
      );
    await notify('Leave request submitted');
    await notify('duplicate');
    await t.ctx.outbox.drain();
    await expect.poll(() => gotA.length).toBe(1);
    expect(gotA[0]).toMatchObject({
      notification_content: 'Leave request submitted',
      notification_type_name: 'submit',
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(gotB).toHaveLength(0);
    await a.stop();
    await b.stop();
  });

  it("tells every page of a tenant that its apps changed when one is published, and no other tenant's", async () => {
    const a = connect(base, 'acme.localhost', tokenA, adminId);
    const b = connect(base, 'bravo.localhost', tokenB);
    let gotA = 0;
    let gotB = 0;
    a.on('AppsChanged', () => gotA++);
    b.on('AppsChanged', () => gotB++);
    await a.start();
    await b.start();
    const auth = bearer(tokenA, 'acme.localhost');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/form/Editor/CreateProcessFromScratch',
      headers: auth,
      payload: { name: 'Hub app' },
    });
    const id = created.json().data.id as string;
    const field = { name: 'title', label: 'Title', fieldType: 'text' };
    await t.app.inject({
      method: 'POST',
      url: `/api/form/Editor/SaveForm?id=${id}`,
      headers: auth,
      payload: {
        module: { display_name: 'Hub app', fieldGroups: [{ id: 'g', label: 'G', rows: [{ fields: [field] }] }] },
      },
    });
    expect(gotA).toBe(0);
    const published = await t.app.inject({
      method: 'POST',
      url: `/api/form/Editor/publish?id=${id}`,
      headers: auth,
    });
    expect(published.json()).toMatchObject({ success: true });
    await expect.poll(() => gotA).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(gotB).toBe(0);
    await a.stop();
    await b.stop();
  });

  it('negotiates the WebSocket transport for a signed-in user, and refuses strangers', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/TaskHub/negotiate?negotiateVersion=1',
      headers: bearer(tokenA, 'acme.localhost'),
    });
    expect(ok.json()).toMatchObject({
      negotiateVersion: 1,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    });
    const no = await t.app.inject({
      method: 'POST',
      url: '/TaskHub/negotiate?negotiateVersion=1',
      headers: bearer(tokenB, 'acme.localhost'),
    });
    expect(no.statusCode).toBe(401);
  });

  it("refuses a connection without a token, with another tenant's token, or for another user id", async () => {
    await expect(connect(base, 'acme.localhost', '').start()).rejects.toThrow();
    await expect(connect(base, 'acme.localhost', tokenB).start()).rejects.toThrow();
    await expect(connect(base, 'acme.localhost', tokenA, 'someone-else').start()).rejects.toThrow();
  });

  it('lists, reads and marks notifications as read', async () => {
    const list = await t.app.inject({
      url: '/api/Notification?page=1&lenght=10',
      headers: bearer(tokenA, 'acme.localhost'),
    });
    const data = list.json().data;
    expect(data.unread).toBe(1);
    expect(data.open).toBe(0);
    expect(data.notif[0]).toMatchObject({ notification_content: 'Leave request submitted', read_on: null });
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/Notification/read',
      headers: bearer(tokenA, 'acme.localhost'),
      payload: { id: data.notif[0].id },
    });
    expect(read.json().data.updated).toBe(1);
    const after = await t.app.inject({ url: '/api/Notification', headers: bearer(tokenA, 'acme.localhost') });
    expect(after.json().data.unread).toBe(0);
    // Another tenant's admin sees none of it.
    const other = await t.app.inject({ url: '/api/Notification', headers: bearer(tokenB, 'bravo.localhost') });
    expect(other.json().data.notif).toHaveLength(0);
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/Notification/MarkAllAsRead',
      headers: bearer(tokenA, 'acme.localhost'),
    });
    expect(all.json().success).toBe(true);
  });
});
