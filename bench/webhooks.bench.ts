// Webhook delivery against the real server process, on SQLite and (when reachable) PostgreSQL: record events are
// written to the outbox at a steady offered rate (as the engine writes them, in batches) and a local receiver counts
// deliveries and the time from the event to its arrival. Then again with a dead endpoint (accepts, never answers)
// holding 10,000 due deliveries. BENCH_DB=sqlite|postgres runs one database; BENCH_EVENTS_PER_SEC sets the rate.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Kysely } from 'kysely';
import { loadConfig } from '../src/server/config.js';
import { openOwnerDatabase, openDatabase, type DialectName } from '../src/server/db/database.js';
import type { DB } from '../src/server/db/schema.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { createTenant } from '../src/server/tenancy/admin.js';
import { eventKey, WEBHOOK_OUTBOX_KIND, type EventEntry } from '../src/server/webhooks/events.js';
import { postJson, report, spawnUntilReady, stop } from './lib.js';
import { freePort } from '../tests/support/server.js';
import { scratchDatabase, testDialects } from '../tests/support/databases.js';

export const name = 'webhooks';
const PASSWORD = 'Bench-Pass-123';
const RATE = Number(process.env.BENCH_EVENTS_PER_SEC ?? 600);
const SECONDS = 10;
const pct = (xs: number[], q: number) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]! : NaN;

/** Counts arrivals by event time; `since` resets the window. */
function receiver() {
  const lat: number[] = [];
  let count = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const at = Date.parse((JSON.parse(body) as { timestamp: string }).timestamp);
      lat.push(Date.now() - at);
      count++;
      res.writeHead(204).end();
    });
  });
  return { server, lat, count: () => count, reset: () => ((lat.length = 0), (count = 0)) };
}

/** Accepts connections and never answers: every attempt waits for the 15 s limit. */
function deadEndpoint() {
  const sockets = new Set<Socket>();
  const server = http.createServer(() => undefined);
  server.on('connection', (s) => (sockets.add(s), s.on('close', () => sockets.delete(s))));
  return { server, close: () => (sockets.forEach((s) => s.destroy()), new Promise((r) => server.close(r))) };
}

const listen = (s: http.Server) =>
  new Promise<string>((r) =>
    s.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)),
  );

/** Offers `rate` events a second for `seconds`, in 20 batches a second, as outbox rows of one record. */
async function offer(
  owner: Kysely<DB>,
  tenantId: string,
  e: Omit<EventEntry, 'version' | 'at'>,
  rate: number,
  seconds: number,
  from: number,
) {
  const perBatch = Math.max(1, Math.round(rate / 20));
  const t0 = Date.now();
  let n = from;
  for (let b = 0; b < seconds * 20; b++) {
    const at = new Date().toISOString();
    const rows = Array.from({ length: perBatch }, () => {
      const entry: EventEntry = { ...e, version: ++n, at };
      return {
        tenant_id: tenantId,
        kind: WEBHOOK_OUTBOX_KIND,
        idempotency_key: eventKey(entry),
        payload: JSON.stringify(entry),
        status: 'pending' as const,
        attempts: 0,
        available_at: at,
        last_error: null,
        created_on: at,
        delivered_on: null,
      };
    });
    await owner.insertInto('outbox').values(rows).execute();
    const wait = t0 + (b + 1) * 50 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  return n;
}

async function one(dialect: DialectName) {
  const scratch = await scratchDatabase(dialect);
  const env = {
    DATA_DIR: scratch.dataDir,
    DATABASE_URL: scratch.databaseUrl ?? '',
    WEB_DIR: '',
    LOG_LEVEL: 'warn',
    SCHEDULER: 'off',
    SEED_DEMO_CONTENT: 'off',
  };
  const config = loadConfig(env);
  const owner = openOwnerDatabase(config);
  await migrateToLatest(owner, dialect);
  const app = openDatabase(config);
  const { tenantId } = await createTenant(app, {
    domain: 'bench',
    name: 'Bench',
    adminUser: 'admin',
    adminEmail: 'admin@bench.test',
    adminPassword: PASSWORD,
  });
  await app.close();
  await owner.updateTable('tenants').set({ allow_private_egress: 1 }).where('id', '=', tenantId).execute();
  const rx = receiver();
  const dead = deadEndpoint();
  const healthyUrl = await listen(rx.server);
  const deadUrl = await listen(dead.server);
  const port = await freePort();
  const server = await spawnUntilReady(
    [
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
      'src/server/main.ts',
    ],
    { ...env, PORT: String(port), HOST: '127.0.0.1' },
    `http://127.0.0.1:${port}/readyz`,
  );
  const host = `bench.localhost:${port}`;
  try {
    const signed = await postJson(port, host, '/api/identity/Authentication/authenticateiso', {
      username: 'admin',
      password: PASSWORD,
    });
    const token = (signed.json as { data: { token: string } }).data.token;
    const call = async (path: string, body: object) => {
      const r = (await postJson(port, host, path, body, token)).json as {
        success: boolean;
        message?: string;
        data: unknown;
      };
      if (!r.success) throw new Error(`${path}: ${r.message}`);
      return r.data as Record<string, string>;
    };
    const mod = await call('/api/form/Editor/CreateProcessFromScratch', { name: 'Orders' });
    await call(`/api/form/Editor/SaveForm?id=${mod.id}`, {
      module: {
        display_name: 'Orders',
        fieldGroups: [
          { id: 'g', label: 'G', rows: [{ fields: [{ name: 'title', label: 'Title', fieldType: 'text' }] }] },
        ],
      },
    });
    await call(`/api/form/Editor/publish?id=${mod.id}`, {});
    const rec = await call('/api/EntryModule/save', { moduleId: mod.id, data: { title: 'Order 1' } });
    await call('/api/webhook/save', { name: 'Healthy', url: healthyUrl, events: ['record.submitted'], secret: null });
    const event = { events: ['record.submitted' as const], recordId: rec.id!, moduleId: mod.id!, actorId: 'bench' };
    const figures: Record<string, unknown> = { dialect, offeredPerSec: RATE, seconds: SECONDS };

    const phase = async (label: string, from: number) => {
      rx.reset();
      const t0 = Date.now();
      const count = async (t: 'outbox' | 'webhook_deliveries') =>
        (
          await owner
            .selectFrom(t)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', '=', 'pending')
            .executeTakeFirstOrThrow()
        ).n;
      // BENCH_TRACE=1: where events wait, each second (the outbox's fan-out, or sending).
      const trace = setInterval(() => {
        if (!process.env.BENCH_TRACE) return;
        void Promise.all([count('outbox'), count('webhook_deliveries')]).then(([o, d]) =>
          console.log(
            `    ${Math.round((Date.now() - t0) / 1000)} s: outbox ${o}, deliveries ${d}, received ${rx.count()}`,
          ),
        );
      }, 1000);
      const n = await offer(owner, tenantId, event, RATE, SECONDS, from);
      const offered = n - from;
      const deadline = Date.now() + 30_000;
      while (rx.count() < offered && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      clearInterval(trace);
      const seconds = (Date.now() - t0) / 1000;
      figures[label] = {
        offered,
        delivered: rx.count(),
        deliveredPerSec: Math.round(rx.count() / seconds),
        p50Ms: pct(rx.lat, 0.5),
        p99Ms: pct(rx.lat, 0.99),
        maxMs: Math.max(...rx.lat),
      };
      console.log(`  ${label}: ${JSON.stringify(figures[label])}`);
      return n;
    };
    const n = await phase('healthy', 1000);

    // A dead endpoint with 10,000 deliveries due now.
    const deadHook = await call('/api/webhook/save', {
      name: 'Dead',
      url: deadUrl,
      events: ['record.approved'],
      secret: null,
    });
    const now = new Date().toISOString();
    for (let i = 0; i < 10_000; i += 500)
      await owner
        .insertInto('webhook_deliveries')
        .values(
          Array.from({ length: 500 }, (_, j) => ({
            id: `msg_${crypto.randomUUID().replace(/-/g, '')}`,
            tenant_id: tenantId,
            webhook_id: deadHook.id!,
            event_key: `dead:${i + j}`,
            event: 'record.approved',
            record_id: rec.id!,
            payload: '{"type":"record.approved"}',
            status: 'pending' as const,
            attempts: 1,
            next_attempt_at: now,
            lease_until: null,
            last_status: null,
            last_error: null,
            created_on: now,
            delivered_on: null,
          })),
        )
        .execute();
    await phase('withDeadEndpoint10kPending', n);
    report(`webhooks-${dialect}`, figures);
  } finally {
    await stop(server);
    await dead.close();
    await new Promise((r) => rx.server.close(r));
    await owner.destroy();
    await scratch.drop();
  }
}

export async function run() {
  const only = process.env.BENCH_DB;
  for (const dialect of await testDialects()) if (!only || only === dialect) await one(dialect);
}
