// Preload for the "without auditing" server of the audit bench (audit-http.ts): the server's audit inserts do
// nothing, everything else as usual. It loads itself into the server's threads too (the SQLite writer thread runs
// the actions), so every TenantDb of the process skips them. Never used outside the bench.
import { register } from 'tsx/esm/api';
import module from 'node:module';
import threads from 'node:worker_threads';

register();
const { TenantDb } = await import('../src/server/tenancy/tenant-db.ts');
const skip = await import('./audit-skip.ts');
TenantDb.prototype.prepared = skip.preparedWithoutAudit(TenantDb.prototype.prepared);
TenantDb.prototype.writeBatch = skip.writeBatchWithoutAudit(TenantDb.prototype.writeBatch);
const Worker = threads.Worker;
threads.Worker = class extends Worker {
  constructor(url, opts = {}) {
    super(url, { ...opts, execArgv: [...(opts.execArgv ?? []), '--import', import.meta.url] });
  }
};
module.syncBuiltinESMExports();
