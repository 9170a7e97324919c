// Preload for the "without auditing" server of the audit bench (audit-http.ts): the server's audit inserts do
// nothing, everything else as usual. It loads itself into the server's threads too (the SQLite writer thread runs
// the actions), so every TenantDb of the process skips them. Never used outside the bench.
import { register } from 'tsx/esm/api';
import module from 'node:module';
import threads from 'node:worker_threads';

register();
const { TenantDb } = await import('../src/server/tenancy/tenant-db.ts');
const prepared = TenantDb.prototype.prepared;
TenantDb.prototype.prepared = function (key, build, values) {
  return key === 'audit.insert' ? Promise.resolve({ rows: [] }) : prepared.call(this, key, build, values);
};
// The engine writes its entries in its own batch: left out, answered as one row each.
const writeBatch = TenantDb.prototype.writeBatch;
TenantDb.prototype.writeBatch = async function (parts, values) {
  const audit = (p) => p.key.startsWith('insert.audit_events');
  const counts = await writeBatch.call(
    this,
    parts.filter((p) => !audit(p)),
    values,
  );
  return parts.map((p) => (audit(p) ? 1 : (counts.shift() ?? 0)));
};
const Worker = threads.Worker;
threads.Worker = class extends Worker {
  constructor(url, opts = {}) {
    super(url, { ...opts, execArgv: [...(opts.execArgv ?? []), '--import', import.meta.url] });
  }
};
module.syncBuiltinESMExports();
