import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_URL, redisReachable, requiredOnCi } from '../support/redis.js';
import { openDatabase, type Database } from '../../src/server/db/database.js';
import { enqueue } from '../../src/server/outbox/outbox.js';
import { TenantDb } from '../../src/server/tenancy/tenant-db.js';
import { scratchDatabase, testDialects, type ScratchDatabase } from '../support/databases.js';
import { READY_TIMEOUT_MS } from '../support/ready.js';
import { startServer, type RunningServer } from '../support/server.js';

const runCluster = requiredOnCi(
  (await testDialects()).includes('postgres') && (await redisReachable()),
  'The cluster test',
);

// Three nodes on one PostgreSQL and one Redis: node 2 delivers nothing itself, so what its client receives
// crossed from nodes 1 and 3 through Redis; nodes 1 and 3 race for the same outbox entries.
describe.runIf(runCluster)('two or more server nodes on one PostgreSQL and one Redis', () => {
  let scratch: ScratchDatabase;
  let nodes: RunningServer[] = [];
  let db: Database;
  beforeAll(async () => {
    scratch = await scratchDatabase('postgres');
    const env = { DATABASE_URL: scratch.databaseUrl!, REDIS_URL, DATA_DIR: scratch.dataDir };
    nodes.push(await startServer(env));
    nodes.push(await startServer({ ...env, OUTBOX_WORKER: 'off' }));
    nodes.push(await startServer(env));
    db = openDatabase({ databaseUrl: scratch.databaseUrl, dataDir: scratch.dataDir });
  }, 3 * READY_TIMEOUT_MS); // three starts, each allowed the readiness wait of a loaded machine
  afterAll(async () => {
    for (const n of nodes) await n.stop();
    nodes = [];
    await db?.close();
    await scratch?.drop();
  });

  it('delivers every outbox entry exactly once and fans hub messages out across nodes', async () => {
    const [node1, node2] = nodes as [RunningServer, RunningServer, RunningServer];
    const res = await fetch(`${node1.url}/api/identity/Authentication/authenticateiso`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(JSON.stringify({ username: 'admin', password: 'Admin-Pass-123' })),
    });
    const signIn = (await res.json()).data as { token: string; userId: string };
    const received: { source?: string; notification_content: string }[] = [];
    const client = new HubConnectionBuilder()
      .withUrl(`${node2.url}/TaskHub`, {
        accessTokenFactory: () => signIn.token,
        transport: HttpTransportType.WebSockets,
        skipNegotiation: true,
      })
      .configureLogging(LogLevel.None)
      .build();
    client.on('ReceiveNotification', (n) => received.push(n));
    await client.start();

    const tenant = await db.system
      .selectFrom('tenants')
      .select('id')
      .where('domain', '=', 'demo')
      .executeTakeFirstOrThrow();
    const tdb = new TenantDb(tenant.id, db.forTenant(tenant.id));
    const total = 60;
    for (let i = 0; i < total; i++) {
      await tdb.transaction((tx) =>
        enqueue(tx, 'notification', { userId: signIn.userId, event: 'approve', content: `n${i}` }, `cluster-${i}`),
      );
    }
    await expect.poll(() => received.length, { timeout: 20_000, interval: 100 }).toBe(total);
    await new Promise((r) => setTimeout(r, 1000));
    expect(received).toHaveLength(total);
    expect(new Set(received.map((n) => n.notification_content)).size).toBe(total);
    const stored = await tdb.selectFrom('notifications').select('source_key').execute();
    expect(stored).toHaveLength(total);
    const outbox = await tdb
      .selectFrom('outbox')
      .select(['status', 'attempts'])
      .where('kind', '=', 'notification')
      .execute();
    expect(outbox.every((o) => o.status === 'delivered' && o.attempts === 1)).toBe(true);
    await client.stop();
  });
});
