// A reader thread for PostgreSQL (reader-threads.ts): its own pool of connections, answering the compiled selects it
// is sent. Reading a list page's rows (sending the statement, decoding each field of each row) and writing their
// JSON took half of a busy server's one JavaScript thread; here it is done beside it. Plain JavaScript, like the
// SQLite reader. Each connection drops to the application role and carries the tenant it reads for, so row-level
// security applies as on the server's own connections (database.ts).
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { MAX_PER_CONNECTION, statementName } from './statement-names.mjs';
import { postShaped, useArena } from './shaped-answer.mjs';

const { url, size, role, prepared, arena } = workerData;
useArena(arena);
if (!/^[a-z_]+$/.test(role)) throw new Error(`unsafe role name ${role}`);
// Read-only sessions: a statement that writes fails here instead of writing beside the server's transactions.
const pool = new pg.Pool({
  connectionString: url,
  max: size,
  options: '-c jit=off -c default_transaction_read_only=on',
});
// An idle connection the server closed is dropped by the pool; the error only says so.
pool.on('error', () => {});

/** Per connection: the tenant label it carries, and the statements prepared on it (as db/pg-prepared.ts). */
const state = new WeakMap();
const shapers = new Map();

/**
 * pg's callback forms, awaited here. Its promise forms (`pool.connect()`, `client.query(config)` without a callback)
 * kept a fifth of what a busy reader allocated alive through every scavenge until the next full collection: its young
 * generation grew to the 64 MB limit and each scavenge copied 10-17 MB (10-40 ms pauses); with callbacks a scavenge
 * copies under 0.2 MB and takes a fraction of a millisecond.
 */
const connect = () => new Promise((resolve, reject) => pool.connect((err, c) => (err ? reject(err) : resolve(c))));
const run = (client, query) =>
  new Promise((resolve, reject) => client.query(query, (err, result) => (err ? reject(err) : resolve(result))));

async function read(client, sql, parameters, shape, tenantId) {
  let s = state.get(client);
  if (!s) {
    await run(client, `set role ${role}`);
    state.set(client, (s = { tenant: undefined, named: new Set() }));
  }
  if (s.tenant !== tenantId) {
    s.tenant = undefined;
    await run(client, { text: "select set_config('app.tenant_id', $1, false)", values: [tenantId ?? ''] });
    s.tenant = tenantId;
  }
  const name = statementName(sql);
  const named = prepared && parameters.length > 0 && (s.named.has(name) || s.named.size < MAX_PER_CONNECTION);
  if (named) s.named.add(name);
  const query = { text: sql, values: parameters, ...(named ? { name } : {}), ...(shape ? { rowMode: 'array' } : {}) };
  const result = await run(client, query);
  if (!shape) return result.rows;
  let shaper = shapers.get(shape.module);
  if (!shaper) shapers.set(shape.module, (shaper = import(shape.module).then((m) => m.default)));
  return (await shaper)(
    result.rows,
    shape.options,
    result.fields.map((f) => f.name),
  );
}

parentPort.on('message', async ({ id, sql, parameters, shape, tenantId }) => {
  let client;
  try {
    client = await connect();
    const rows = await read(client, sql, parameters, shape, tenantId);
    client.release();
    if (shape) postShaped(parentPort, id, rows);
    else parentPort.postMessage({ id, rows });
  } catch (err) {
    // An error the server answered (it has a code) leaves the connection usable; any other ends it.
    client?.release(err?.code ? undefined : err);
    parentPort.postMessage({ id, error: { message: String(err?.message ?? err), code: err?.code } });
  }
});
