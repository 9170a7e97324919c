import type { Database } from '../db/database.js';
import { setTenantMaintenance } from './service.js';
import { writeInstallationFlag } from './state.js';

export const MAINTENANCE_USAGE =
  '  npm run tenant -- maintenance <on|off> <domain|--all> [--message "…"]   (only system administrators may use the API meanwhile)';

/**
 * `maintenance on|off <domain|--all> [--message "…"]`: one tenant (its row) or the whole installation (the
 * system_settings row). Running servers see it within about 5 s (their caches). Answers the exit code, or
 * undefined for a usage error.
 */
export async function maintenanceCommand(
  db: Database,
  args: { state?: string; domain?: string; all?: boolean; message?: string },
): Promise<number | undefined> {
  if (args.state !== 'on' && args.state !== 'off') return undefined;
  if (!!args.all === !!args.domain) return undefined;
  const on = args.state === 'on';
  if (args.all) {
    await writeInstallationFlag(db.system, { on, message: on ? (args.message?.trim() ?? '') : '' });
    console.log(`Maintenance of the whole installation is ${args.state}.`);
    return 0;
  }
  if (!(await setTenantMaintenance(db.system, args.domain!, on, args.message)))
    throw new Error(`No tenant with domain '${args.domain}'.`);
  console.log(`Maintenance of '${args.domain}' is ${args.state}.`);
  return 0;
}
