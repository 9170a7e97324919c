import { loadConfig } from '../config.js';
import { openDatabase, openOwnerDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { listTenants } from '../tenancy/admin.js';
import { TenantDb } from '../tenancy/tenant-db.js';
import { sealTenant, verifyTenant } from '../audit/chain.js';
import { retentionDays, setRetentionDays } from '../audit/service.js';

const USAGE = `Usage:
  npm run audit-trail -- verify [domain]              seal what is waiting, then recompute each chain (exit 1 on a broken link)
  npm run audit-trail -- seal [domain]                chain the entries not sealed yet
  npm run audit-trail -- retention <domain> [days]    show or set how many days the list and export show (nothing is deleted)`;

async function run(argv: string[]): Promise<number> {
  const [command, domain, arg] = argv;
  if (!command || !['verify', 'seal', 'retention'].includes(command) || (command === 'retention' && !domain)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const owner = openOwnerDatabase(config);
  await migrateToLatest(owner, config.databaseUrl ? 'postgres' : 'sqlite');
  await owner.destroy();
  const db = openDatabase(config);
  try {
    const tenants = (await listTenants(db.system)).filter((t) => !domain || t.domain === domain);
    if (domain && !tenants.length) throw new Error(`No tenant with domain '${domain}'.`);
    let broken = 0;
    for (const t of tenants) {
      const tdb = new TenantDb(t.id, db.forTenant(t.id));
      if (command === 'retention') {
        if (arg !== undefined) {
          const days = Number(arg);
          if (!Number.isInteger(days) || days < 1) throw new Error('days must be a whole number of at least 1.');
          await setRetentionDays(tdb, days);
        }
        console.log(`${t.domain}\tretention: ${await retentionDays(tdb)} days`);
        continue;
      }
      const sealed = await sealTenant(tdb);
      if (command === 'seal') {
        console.log(`${t.domain}\tsealed ${sealed}`);
        continue;
      }
      const r = await verifyTenant(tdb);
      if (r.ok) console.log(`${t.domain}\tok\t${r.checked} entries\t${r.unsealed} unsealed`);
      else {
        broken += 1;
        const b = r.broken!;
        console.log(
          `${t.domain}\tBROKEN at entry ${b.sealSeq} (id ${b.id}): ${b.reason}; ${r.checked} entries before it hold`,
        );
      }
    }
    return broken ? 1 : 0;
  } finally {
    await db.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
